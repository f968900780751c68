/**
 * The variables an environment file gives a container, read as `docker run --env-file` reads it (docker/cli,
 * opts/envfile.go): one `NAME=value` a line, the value verbatim (quotes and anything after a # are part of it);
 * `NAME=` sets an empty value, which still replaces the image's; blank lines and lines starting with # (after
 * leading spaces) are skipped; a bare `NAME` takes the value the caller's environment has, if any.
 */
export function readEnvFile(text: string, callerEnv: Record<string, string | undefined> = {}) {
	const variables: Record<string, string> = {}
	for (const raw of text.replace(/^\uFEFF/, '').split('\n')) {
		const line = raw.replace(/\r$/, '').trimStart()
		if (line === '' || line.startsWith('#')) continue
		const equals = line.indexOf('=')
		const name = equals === -1 ? line : line.slice(0, equals)
		if (name === '' || /\s/.test(name)) throw new Error(`docker refuses the line '${line}'`)
		const value = equals === -1 ? callerEnv[name] : line.slice(equals + 1)
		if (value !== undefined) variables[name] = value
	}
	return variables
}
