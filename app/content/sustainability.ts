export const sustainability: {
	title: string
	description: string
	heading: string
	lead: string
	sections: { heading: string; text: string }[]
	link: { label: string; url: 'https://climate.stripe.com/' }
} = {
	title: 'Sostenibilidad · KIA',
	description:
		'KIA destina una parte de sus ingresos a la eliminación de carbono a través de Stripe Climate. Conoce nuestro compromiso con el clima.',
	heading: 'Nuestro compromiso con el clima',
	lead: 'Creemos que la tecnología debe ayudar a las personas sin olvidar el planeta. Por eso una parte de cada plan se destina a retirar carbono de la atmósfera.',
	sections: [
		{
			heading: 'Una parte de nuestros ingresos, para el clima',
			text: 'A través de Stripe Climate, destinamos un porcentaje de nuestros ingresos a proyectos de eliminación de carbono. Lo hacemos de forma automática con cada pago.',
		},
		{
			heading: 'Eliminación de carbono a largo plazo',
			text: 'Stripe Climate financia tecnologías que retiran dióxido de carbono de la atmósfera y lo almacenan de forma duradera, seleccionadas por expertos científicos.',
		},
		{
			heading: 'Menos papel, menos desplazamientos',
			text: 'Un asistente que ordena documentos en la nube, prepara facturas electrónicas y resuelve dudas a distancia también ayuda a tu negocio a reducir papel y viajes.',
		},
		{
			heading: 'Un compromiso que crece contigo',
			text: 'Cada nuevo cliente suma a esta contribución. Al elegir KIA, tu negocio también forma parte de ella.',
		},
	],
	link: {
		label: 'Conoce Stripe Climate',
		url: 'https://climate.stripe.com/',
	},
}
