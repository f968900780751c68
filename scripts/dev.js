// `npm run dev`: the local services and the development server, side by side, stopped together.
import { spawn } from 'node:child_process'

const children = [
	spawn('npx', ['tsx', 'local/start.ts'], { stdio: 'inherit' }),
	spawn(process.execPath, ['server.js'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
]

let stopping = false
function stopAll(code = 0) {
	if (stopping) return
	stopping = true
	for (const child of children) child.kill('SIGTERM')
	setTimeout(() => process.exit(code), 2000).unref()
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0))
process.on('SIGINT', () => stopAll())
process.on('SIGTERM', () => stopAll())
