const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * Stands in for Google's consent screen: the developer picks an identity
 * (or types a new one) and is sent back to the app as Google would send them.
 */
export function consentPage(hidden: Record<string, string>, knownAccounts: { email: string; name: string }[]) {
	const hiddenInputs = Object.entries(hidden)
		.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
		.join('')
	const accounts = knownAccounts
		.map(
			(account) =>
				`<form method="post" action="authorize">${hiddenInputs}<input type="hidden" name="email" value="${escapeHtml(account.email)}"><input type="hidden" name="full_name" value="${escapeHtml(account.name)}"><button type="submit" class="account"><strong>${escapeHtml(account.name || account.email)}</strong><span>${escapeHtml(account.email)}</span></button></form>`,
		)
		.join('')
	return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Google (local) · Elige una cuenta</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f3f4;color:#202124;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{background:#fff;border-radius:12px;padding:32px;max-width:420px;width:100%;box-shadow:0 1px 3px rgba(0,0,0,.15)}
h1{font-size:22px;font-weight:500;margin:0 0 4px}p{color:#5f6368;margin:0 0 24px}
.account{display:flex;flex-direction:column;align-items:flex-start;width:100%;padding:12px;border:1px solid #dadce0;border-radius:8px;background:#fff;margin-bottom:8px;cursor:pointer;font:inherit;text-align:left}
.account span{color:#5f6368;font-size:14px}
label{display:block;font-size:14px;margin:12px 0 4px}input[type=email],input[type=text]{width:100%;box-sizing:border-box;padding:10px;border:1px solid #dadce0;border-radius:6px;font:inherit}
.submit{margin-top:16px;background:#1a73e8;color:#fff;border:0;border-radius:6px;padding:10px 20px;font:inherit;cursor:pointer}
small{display:block;margin-top:24px;color:#5f6368}
</style></head>
<body><main>
<h1>Elige una cuenta</h1><p>para continuar a KIA</p>
${accounts}
<form method="post" action="authorize">${hiddenInputs}
<label for="email">Correo de Google</label><input id="email" name="email" type="email" required>
<label for="full_name">Nombre</label><input id="full_name" name="full_name" type="text">
<button type="submit" class="submit">Continuar</button>
</form>
<small>Página de consentimiento local de Google (local/supabase). En producción, este paso lo hace Google.</small>
</main></body></html>`
}
