import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useLocation } from 'react-router'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { Icon } from '~/components/ui/icon'
import { contactSchema, investorSchema } from '~/lib/contact-schemas'
import {
	ErrorList,
	Field,
	PrivacyNotice,
	SubmissionKeyInput,
	SubmitButton,
	TextareaField,
	usePendingForm,
	validateOnSubmit,
} from '../forms'

/** 'Enviar mensaje', 'Enviando...' while this page's form is on its way (the page posts to itself). */
function SendButton() {
	const pending = usePendingForm({ formAction: useLocation().pathname })
	return (
		<SubmitButton
			size="lg"
			className="w-full sm:w-auto"
			pending={pending}
			pendingLabel="Enviando..."
			icon={<Icon name="send" className="size-4" />}
		>
			Enviar mensaje
		</SubmitButton>
	)
}

/** Contacto General (/contacto) and Contacto Sobre KIA (/sobre-kia): name, email, message. */
export function ContactForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const [form, fields] = useForm({
		id: 'contacto',
		lastResult,
		constraint: getZodConstraint(contactSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
	})
	return (
		<Form method="post" className="space-y-5" {...getFormProps(form)}>
			<HoneypotInputs label="No rellenes este campo" />
			<SubmissionKeyInput lastResult={lastResult} />
			<Field
				label="Nombre"
				inputProps={{
					...getInputProps(fields.name, { type: 'text' }),
					placeholder: 'Tu nombre completo',
					autoComplete: 'name',
				}}
				errors={fields.name.errors}
			/>
			<Field
				label="Email"
				inputProps={{
					...getInputProps(fields.email, { type: 'email' }),
					placeholder: 'tu@empresa.es',
					autoComplete: 'email',
				}}
				errors={fields.email.errors}
			/>
			<TextareaField
				label="Mensaje"
				textareaProps={{
					...getTextareaProps(fields.message),
					rows: 6,
					placeholder: 'Cuéntanos cómo podemos ayudarte...',
				}}
				errors={fields.message.errors}
			/>
			<ErrorList id={form.errorId} errors={form.errors} />
			<SendButton />
			<PrivacyNotice form="contact" />
		</Form>
	)
}

/** Investor contact (/invertir): fullName, email, optional entity, message. */
export function InvestorForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const [form, fields] = useForm({
		id: 'inversores',
		lastResult,
		constraint: getZodConstraint(investorSchema),
		...validateOnSubmit,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: investorSchema }),
	})
	return (
		<Form method="post" className="space-y-5" {...getFormProps(form)}>
			<HoneypotInputs label="No rellenes este campo" />
			<SubmissionKeyInput lastResult={lastResult} />
			<Field
				label="Nombre completo"
				inputProps={{ ...getInputProps(fields.fullName, { type: 'text' }), autoComplete: 'name' }}
				errors={fields.fullName.errors}
			/>
			<Field
				label="Email"
				inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
				errors={fields.email.errors}
			/>
			<Field
				label="Entidad (opcional)"
				inputProps={{ ...getInputProps(fields.entity, { type: 'text' }), autoComplete: 'organization' }}
				errors={fields.entity.errors}
			/>
			<TextareaField label="Mensaje" textareaProps={getTextareaProps(fields.message)} errors={fields.message.errors} />
			<ErrorList id={form.errorId} errors={form.errors} />
			<SendButton />
			<PrivacyNotice form="investor" />
		</Form>
	)
}
