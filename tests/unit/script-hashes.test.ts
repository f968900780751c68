import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { withScriptHashes } from '~/.server/http/script-hashes'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('withScriptHashes', () => {
	const nonce = 'Ab-_09xyzAb-_09xyzAb-w'
	const page =
		`<html><head><script nonce="${nonce}">theme()</script><link rel="modulepreload" href="/a.js" nonce="${nonce}"/></head>` +
		`<body><p>Ñandú</p><script>alert('injected')</script>` +
		`<template><script type="module" async="" nonce="${nonce}">import "/a.js"</script></template>` +
		`<script nonce="${nonce}">window.ctx = {"título":"\\u003c/script>"}</script></body></html>`

	test('hashes exactly the scripts that carried the nonce, and takes the nonce out of every tag', () => {
		const { html, hashes } = withScriptHashes(page, nonce)
		expect(hashes).toEqual([
			sha256('theme()'),
			sha256('import "/a.js"'),
			sha256('window.ctx = {"título":"\\u003c/script>"}'),
		])
		expect(hashes).not.toContain(sha256("alert('injected')"))
		expect(html).not.toContain(nonce)
		expect(html).toContain('<script>theme()</script><link rel="modulepreload" href="/a.js"/>')
		expect(html).toContain('<script type="module" async="">import "/a.js"</script>')
	})

	test('a page without marked scripts has no hashes', () => {
		expect(withScriptHashes('<p>texto</p>', nonce)).toEqual({ html: '<p>texto</p>', hashes: [] })
	})
})
