export const authCopy = {
	title: 'Acceso Clientes · KIA',
	heading: 'Tu panel de cliente',
	lead: 'Gestiona tus reuniones, tu suscripción y tu perfil.',
	description: 'Accede al portal de clientes de KIA: gestiona tus reuniones, tu suscripción y tu perfil.',
	tabs: { signin: 'Iniciar Sesión', signup: 'Registrarse' },
	fullName: 'Nombre completo',
	email: 'Email',
	password: 'Contraseña',
	signInButton: 'Iniciar Sesión',
	signUpButton: 'Crear cuenta',
	working: 'Un momento...',
	forgot: '¿Has olvidado tu contraseña?',
	google: 'Continuar con Google',
	or: 'o',
	backHome: 'Volver a la web',
	recover: {
		title: 'Recupera tu contraseña',
		text: 'Te enviaremos un enlace para elegir una nueva contraseña.',
		button: 'Enviar enlace',
	},
	toasts: {
		signInError: 'Error al iniciar sesión',
		signUpError: 'Error en el registro',
		alreadyRegistered: {
			title: 'Confirma tu correo',
			description: 'Este email ya está registrado. Por favor, confirma tu email para continuar.',
		},
		registered: {
			title: '¡Registro completado!',
			description: 'Te hemos enviado un correo. Por favor, confirma tu cuenta para iniciar sesión.',
		},
		googleError: 'Error con Google',
		resetError: 'Error al enviar correo',
		resetSent: { title: 'Correo enviado', description: 'Revisa tu bandeja de entrada para restablecer la contraseña.' },
		emailRequired: { title: 'Email requerido', description: 'Por favor, introduce tu email.' },
		signOutError: 'Error al cerrar sesión',
		carried: {
			title: 'Crea una cuenta para continuar',
			description: 'Una vez registrado, podrás confirmar tu demostración.',
		},
		passwordUpdated: 'Contraseña actualizada correctamente',
		passwordError: 'Error al cambiar la contraseña',
	},
	/** Our own limits on auth attempts (app/.server/security/rate-limit.ts authRateLimits). */
	limited: {
		signin: 'Has hecho demasiados intentos de inicio de sesión. Espera unos minutos e inténtalo de nuevo.',
		signup: 'Has hecho demasiados intentos de registro. Espera unos minutos e inténtalo de nuevo.',
		recover: 'Has pedido demasiados correos. Espera unos minutos e inténtalo de nuevo.',
	},
	/** A signed-out visitor sent here by 'Pagar y Activar' (the checkout draft): what happens once in. */
	checkout: {
		title: (plan: string, period: string) => `Plan ${plan} · ${period}`,
		text: 'Crea tu cuenta o inicia sesión y pasarás directamente al pago seguro con Stripe.',
	},
	callbackErrors: {
		missing_token: 'El enlace de acceso no es válido o está incompleto. Vuelve a iniciar sesión.',
		auth_failed: 'No hemos podido iniciar tu sesión. El enlace puede haber caducado; inténtalo de nuevo.',
	} as Record<string, string>,
	callback: { processing: 'Procesando inicio de sesión...', redirecting: 'Redirigiendo al panel.' },
	/** The page every auth e-mail links to (routes/portal/auth-callback.tsx); its texts follow supabase/templates. */
	emailLink: {
		kinds: {
			email: {
				title: 'Accede a tu panel',
				text: (email: string) => `Pulsa el botón para entrar en tu panel de cliente de KIA como ${email}.`,
				button: 'Acceder a mi panel',
			},
			recovery: {
				title: 'Restablece tu contraseña',
				text: (email: string) => `Pulsa el botón para elegir una nueva contraseña para ${email}.`,
				button: 'Elegir una nueva contraseña',
			},
			invite: {
				title: 'Acepta la invitación',
				text: (email: string) => `Pulsa el botón para aceptar la invitación a KIA de ${email} y elegir tu contraseña.`,
				button: 'Aceptar la invitación',
			},
			email_change: {
				title: 'Confirma tu nuevo email',
				text: (email: string, newEmail: string) =>
					`Pulsa el botón para cambiar el email de tu cuenta de ${email} a ${newEmail}.`,
				button: 'Confirmar el cambio',
			},
		},
		/** The sign-up confirmation (supabase/templates/confirmation.html, `alta=1`). */
		signUp: {
			title: 'Confirma tu cuenta',
			text: (email: string) => `Pulsa el botón para confirmar tu cuenta de KIA (${email}).`,
			button: 'Confirmar mi cuenta',
			/** Back where the visitor was going, signed in: the one toast of the return. */
			toast: 'Cuenta confirmada',
			toastBooking: 'Ya puedes confirmar tu demostración: revisa el día y la hora y pulsa «Reservar demostración».',
			toastSignedIn: 'Ya has iniciado sesión.',
			/** Confirmed in a browser that did not sign up (another device): no session there. */
			elsewhere: {
				title: 'Cuenta confirmada',
				text: (email: string) =>
					`Hemos confirmado tu cuenta ${email}. Inicia sesión con tu email y tu contraseña para entrar en tu panel.`,
				booking: 'Si estabas reservando una demostración en otro dispositivo, inicia sesión allí para terminarla.',
			},
			refused: {
				title: 'Este enlace ya no sirve',
				text: 'El enlace ya se ha usado o ha caducado. Si ya has confirmado tu cuenta, inicia sesión con tu email y tu contraseña.',
			},
			signIn: 'Iniciar sesión',
		},
		notRequested: 'Si no has pedido este enlace, cierra esta página: sin pulsar el botón no se usa.',
		switch: {
			title: 'Este enlace es de otra cuenta',
			text: 'Ya has iniciado sesión en este navegador con una cuenta distinta de la del enlace.',
			current: 'Sesión iniciada',
			link: 'Enlace para',
			consequence: 'Si continúas, cerraremos tu sesión en este navegador y entrarás con la cuenta del enlace.',
			confirm: 'Cambiar de cuenta',
			keep: 'Seguir con mi sesión',
		},
		refused: {
			title: 'Este enlace ya no sirve',
			text: 'El enlace ya se ha usado o ha caducado. Pide uno nuevo desde la página de acceso.',
		},
		otherAccount: {
			title: 'No hemos usado este enlace',
			text: 'El enlace no era de la cuenta que indicaba, así que por seguridad no hemos iniciado sesión con él.',
			kept: (current: string) => `Sigues con tu sesión de ${current}.`,
		},
		halfway: {
			title: 'Falta un paso',
			text: 'Hemos confirmado esta dirección. Para terminar el cambio, abre también el enlace que te hemos enviado a la otra dirección.',
		},
		toAccess: 'Ir a la página de acceso',
		emailChanged: 'Email actualizado correctamente',
	},
	newPassword: {
		/** The page needs a session an e-mail link started in the last 15 minutes (app/.server/auth/password.ts). */
		expired: {
			title: 'Pide un enlace nuevo',
			text: 'Aquí puedes elegir una contraseña durante los 15 minutos siguientes a abrir el enlace que te enviamos por correo. Pide otro con «¿Has olvidado tu contraseña?», o cámbiala en Mi Cuenta con tu contraseña actual.',
			account: 'Ir a Mi Cuenta',
		},
		title: 'Elige una nueva contraseña',
		password: 'Nueva contraseña',
		confirm: 'Repite la contraseña',
		button: 'Guardar contraseña',
	},
} as const
