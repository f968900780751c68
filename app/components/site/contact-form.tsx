import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { HoneypotInputs } from 'remix-utils/honeypot/react'
import { Icon } from '~/components/ui/icon'
import { contactSchema, investorSchema } from '~/lib/contact-schemas'
import { cn } from '~/lib/utils'
import { ErrorList, Field, inputClass, validateOnSubmit } from '../forms'
import { Button } from '../ui/button'

function useSubmitting() {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formMethod === 'POST'
}

function SubmitButton() {
	const submitting = useSubmitting()
	return (
		<Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
			<Icon name="send" className="size-4" />
			{submitting ? 'Enviando...' : 'Enviar mensaje'}
		</Button>
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
			<div>
				<label htmlFor={fields.message.id} className="mb-1.5 block text-sm font-medium">
					Mensaje
				</label>
				<textarea
					{...getTextareaProps(fields.message)}
					rows={6}
					placeholder="Cuéntanos cómo podemos ayudarte..."
					className={cn(inputClass, 'resize-y')}
				/>
				<ErrorList id={fields.message.errorId} errors={fields.message.errors} />
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<SubmitButton />
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
			<div>
				<label htmlFor={fields.message.id} className="mb-1.5 block text-sm font-medium">
					Mensaje
				</label>
				<textarea {...getTextareaProps(fields.message)} rows={5} className={cn(inputClass, 'resize-y')} />
				<ErrorList id={fields.message.errorId} errors={fields.message.errors} />
			</div>
			<ErrorList id={form.errorId} errors={form.errors} />
			<SubmitButton />
		</Form>
	)
}
