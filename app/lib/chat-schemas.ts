import { z } from 'zod'
import { questionMaxLength } from './chat'
import { emailField, required } from './schemas'

export const questionField = required(
	'Escribe tu pregunta.',
	questionMaxLength,
	`La pregunta puede tener como máximo ${questionMaxLength} caracteres.`,
)

export const questionSchema = z.object({ pregunta: questionField })

/** 'Quiero hablar con una persona': the visitor's address and their question, for the team's inbox. */
export const handoverSchema = z.object({ email: emailField, pregunta: questionField })
