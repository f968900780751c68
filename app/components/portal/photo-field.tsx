import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useState, type ChangeEvent } from 'react'
import { ErrorList, SubmitButton } from '~/components/forms'
import { Avatar } from '~/components/portal/portal-shell'
import { accountCopy as copy } from '~/content/account'
import { avatarAccept, avatarLimits, avatarMimes } from '~/lib/avatars'

type Photo = { url: string | null; initial: string }

/**
 * Mi Cuenta's photo: the one shown now (or the initial), the file to replace it, what it may be, and 'Quitar foto'
 * when there is one of ours to take away. That button sends a form of its own (`removeForm`, outside the profile's):
 * forms cannot nest. With JavaScript the chosen picture shows in the circle before it is saved.
 */
export function PhotoField({
	field,
	photo,
	removeForm,
	removing,
}: {
	field: FieldMetadata<File | undefined>
	photo: Photo
	removeForm?: string
	removing: boolean
}) {
	const [chosen, setChosen] = useState<string | null>(null)
	const hintId = `${field.id}-hint`
	const describedBy = field.errors?.length ? `${hintId} ${field.errorId}` : hintId
	return (
		<div>
			<label htmlFor={field.id} className="mb-1.5 block text-sm font-medium">
				{copy.fields.avatar}
			</label>
			<div className="flex flex-wrap items-center gap-4">
				<Avatar user={{ name: photo.initial, avatarUrl: chosen ?? photo.url }} className="size-16 text-xl" />
				<div className="min-w-0 flex-1 basis-56">
					<input
						{...getInputProps(field, { type: 'file' })}
						accept={avatarAccept}
						aria-describedby={describedBy}
						onChange={(event) => {
							setChosen(null)
							preview(event, setChosen)
						}}
						className="block w-full min-w-0 text-sm file:mr-3 file:rounded-full file:border file:bg-surface file:px-4 file:py-2 file:text-sm file:font-medium file:text-foreground"
					/>
					<p id={hintId} className="mt-1.5 text-sm text-muted-foreground">
						{copy.photo.hint}
					</p>
				</div>
				{removeForm ? (
					<SubmitButton variant="secondary" form={removeForm} pending={removing}>
						{copy.photo.remove}
					</SubmitButton>
				) : null}
			</div>
			<ErrorList id={field.errorId} errors={field.errors} />
		</div>
	)
}

/**
 * The chosen picture as a data: address (the CSP's img-src allows data:, not blob:), when it is one we take and the
 * browser can draw it: a file that only claims to be a picture shows no broken image, only the server's refusal.
 */
function preview(event: ChangeEvent<HTMLInputElement>, show: (url: string) => void) {
	const file = event.currentTarget.files?.[0]
	const taken = avatarMimes.some((mime) => mime === file?.type)
	if (!file || !taken || file.size > avatarLimits.maxFileBytes) return
	const reader = new FileReader()
	reader.addEventListener('load', () => {
		const url = reader.result
		if (typeof url !== 'string') return
		const image = new Image()
		image.addEventListener('load', () => show(url))
		image.src = url
	})
	reader.readAsDataURL(file)
}
