// `npm run test:load -- [runs]`: the whole suite, several times in a row, while every core is kept busy by
// another process, as on a shared CI machine. A flake that shows only under load is still a flake.
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'

const runs = Number(process.argv[2] ?? 5)
if (!Number.isInteger(runs) || runs < 1) {
	console.error('Uso: npm run test:load -- [número de ejecuciones]')
	process.exit(2)
}

/** One busy loop per core, in its own process so the test processes compete with it for every core. */
function startHogs() {
	return Array.from({ length: availableParallelism() }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
	)
}

function runSuite() {
	return new Promise((resolve) => {
		const started = Date.now()
		const child = spawn('npm', ['test'], { stdio: 'inherit' })
		child.on('exit', (code) => resolve({ code: code ?? 1, seconds: Math.round((Date.now() - started) / 1000) }))
	})
}

const hogs = startHogs()
const stopHogs = () => hogs.forEach((hog) => hog.kill('SIGKILL'))
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
	process.on(signal, () => {
		stopHogs()
		process.exit(130)
	})
}

const results = []
for (let run = 1; run <= runs; run++) {
	const result = await runSuite()
	results.push(result)
	console.info(
		`[test:load] run ${run}/${runs}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} in ${result.seconds} s`,
	)
	if (result.code !== 0) break
}
stopHogs()

const passed = results.filter((result) => result.code === 0).length
console.info(
	`[test:load] ${passed} of ${runs} runs passed with ${hogs.length} busy loops on ${availableParallelism()} cores`,
)
process.exit(passed === runs ? 0 : 1)
