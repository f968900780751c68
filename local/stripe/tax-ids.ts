import type { Core } from './billing'
import type { EventCause } from './events'
import { invalidRequest, notImplemented } from './http'
import { newTaxId } from './objects/tax'
import { nowSeconds, type Customer, type TaxId } from './store'

/** Every tax ID type Stripe takes (`TaxIdCreateParams.Type` of the pinned SDK): data, one type per word. */
const stripeTaxIdTypes = new Set(
	`ad_nrt ae_trn al_tin am_tin ao_tin ar_cuit au_abn au_acn au_arn au_wpn aw_tin az_tin ba_tin bb_tin bd_bin
	bf_ifu bg_uic bh_vat bj_ifu bo_tin br_cnpj br_cpf bs_tin bw_vat by_tin ca_bn ca_gst_hst ca_pst_bc ca_pst_mb
	ca_pst_sk ca_qst cd_nif ch_uid ch_vat ci_vat cl_tin cm_niu cn_tin co_nit cr_tin cv_nif cz_dic de_stn do_rcn
	ec_ruc eg_tin es_cif et_tin eu_oss_vat eu_vat fo_vat fr_siren fr_siret fr_spi gb_vat ge_vat gh_tin gi_tin
	gn_nif hk_br hr_oib hu_tin ic_nif id_npwp il_vat in_gst is_kt is_vat it_cf jp_cn jp_rn jp_trn ke_pin kg_tin
	kh_tin kr_brn kz_bin la_tin li_uid li_vat lk_vat ma_vat md_cf md_vat me_pib mk_vat mr_nif mu_vat mx_rfc
	my_frp my_itn my_sst mz_nuit ng_tin no_vat no_voec np_pan nz_bn nz_gst om_vat pe_ruc ph_tin pl_nip pt_nif
	py_ruc ro_tin rs_pib ru_inn ru_kpp sa_vat sg_gst sg_uen si_tin sm_coe sn_ninea sr_fin sv_nit th_vat tj_tin
	tr_tin tt_bir tt_vat tw_vat tz_vat ua_vat ug_tin us_ein uy_ruc uz_tin uz_vat ve_rif vn_tin za_vat zm_tin
	zw_tin`.split(/\s+/),
)

/**
 * The shape of each EU member state's VAT number after its prefix, as VIES
 * publishes them; Stripe's examples (ESA1234567Z, FRAB123456789,
 * NL123456789B12…) all pass. Greece's prefix is EL, Northern Ireland's XI.
 */
const euVatFormats: Record<string, RegExp> = {
	AT: /^U\d{8}$/,
	BE: /^[01]\d{9}$/,
	BG: /^\d{9,10}$/,
	CY: /^\d{8}[A-Z]$/,
	CZ: /^\d{8,10}$/,
	DE: /^\d{9}$/,
	DK: /^\d{8}$/,
	EE: /^\d{9}$/,
	EL: /^\d{9}$/,
	ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
	FI: /^\d{8}$/,
	FR: /^[A-Z0-9]{2}\d{9}$/,
	HR: /^\d{11}$/,
	HU: /^\d{8}(\d{3})?$/,
	IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
	IT: /^\d{11}$/,
	LT: /^(\d{9}|\d{12})$/,
	LU: /^\d{8}$/,
	LV: /^\d{11}$/,
	MT: /^\d{8}$/,
	NL: /^\d{9}B\d{2}$/,
	PL: /^\d{10}$/,
	PT: /^\d{9}$/,
	RO: /^\d{2,10}$/,
	SE: /^\d{12}$/,
	SI: /^\d{8}$/,
	SK: /^\d{10}$/,
	XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
}

/** The country a VAT prefix stands for, where the two differ. */
const prefixCountries: Record<string, string> = { EL: 'GR', XI: 'GB' }

/**
 * A Spanish NIF as `es_cif` takes it: a company's CIF (letter, seven digits,
 * control), a person's DNI (eight digits, letter) or a foreigner's NIE (X, Y
 * or Z, seven digits, letter). Only the shape is checked, as Stripe checks
 * it; the control character is the tax office's business.
 */
const spanishNif = /^([ABCDEFGHJKLMNPQRSUVW]\d{7}[0-9A-J]|\d{8}[A-Z]|[XYZ]\d{7}[A-Z])$/

/** The tax ID types the stand-in models; any other type Stripe takes is outside the subset. */
const checks = {
	es_cif: (value: string) => (spanishNif.test(value) ? 'ES' : undefined),
	eu_vat: (value: string) => {
		const prefix = value.slice(0, 2)
		const format = euVatFormats[prefix]
		return format?.test(value.slice(2)) ? (prefixCountries[prefix] ?? prefix) : undefined
	},
} as const

type ModelledType = keyof typeof checks

const isModelled = (type: string): type is ModelledType => Object.hasOwn(checks, type)

/**
 * The country of a well-formed tax ID of `type`, or Stripe's refusal:
 * `tax_id_invalid` for a value of the wrong shape (`param` names where it
 * was sent), an invalid enum for a type Stripe does not have.
 */
export function checkTaxId(type: string, value: string, params = { type: 'type', value: 'value' }) {
	if (!stripeTaxIdTypes.has(type)) {
		throw invalidRequest(`Invalid ${params.type}: must be one of ${[...stripeTaxIdTypes].join(', ')}`, params.type)
	}
	if (!isModelled(type)) throw notImplemented(`Tax IDs of type \`${type}\``)
	const country = checks[type](value)
	if (!country) throw invalidRequest(`Invalid value for ${type}.`, params.value, 'tax_id_invalid')
	return { type, country }
}

/**
 * Stripe's magic test numbers for EU VAT (docs: "Testing customer tax ID
 * verification"): a number holding 111111111 fails verification and one
 * holding 222222222 stays pending for ever. Every other well-formed number
 * passes, as 000000000 does, since the stand-in has no VIES to ask.
 */
function viesAnswer(value: string): 'verified' | 'unverified' | undefined {
	if (value.includes('222222222')) return undefined
	return value.includes('111111111') ? 'unverified' : 'verified'
}

/** How long the stand-in's "VIES" takes to answer: Stripe says a few seconds; tests should not wait that long. */
export const verificationDelayMs = 200

/**
 * Adds a tax ID to the customer, with `customer.tax_id.created`. An EU VAT
 * number starts `pending` and, once "VIES" answers, becomes `verified` (with
 * the customer's name and address as the registry's) or `unverified`, with
 * `customer.tax_id.updated`. Stripe verifies only Australian ABNs and EU and
 * UK VAT numbers: like `ic_nif`, which its changelog says "always returns as
 * unverified", an `es_cif` is `unverified` from the start.
 */
export function addTaxId(core: Core, customer: Customer, input: { type: string; value: string }, cause?: EventCause) {
	const { type, country } = checkTaxId(input.type, input.value)
	const status = type === 'eu_vat' ? 'pending' : 'unverified'
	const taxId = newTaxId(
		{
			customer: customer.id,
			type,
			value: input.value,
			country,
			verification: { status, verified_address: null, verified_name: null },
		},
		nowSeconds(),
	)
	core.store.state.taxIds[taxId.id] = taxId
	core.store.changed()
	core.emit('customer.tax_id.created', taxId, { cause })
	if (status === 'pending') core.later(() => verify(core, taxId.id), verificationDelayMs)
	return taxId
}

/** On a restart, the numbers still waiting for "VIES" (a timer does not outlive the process) are asked about again. */
export function resumeVerifications(core: Core) {
	for (const taxId of Object.values(core.store.state.taxIds)) {
		if (taxId.verification?.status === 'pending') core.later(() => verify(core, taxId.id), verificationDelayMs)
	}
}

function verify(core: Core, id: string) {
	const taxId = core.store.state.taxIds[id]
	const answer = taxId ? viesAnswer(taxId.value) : undefined
	if (!taxId || !answer || taxId.verification?.status !== 'pending') return
	const customer = core.store.state.customers[typeof taxId.customer === 'string' ? taxId.customer : '']
	const previous = { verification: structuredClone(taxId.verification) }
	taxId.verification = {
		status: answer,
		verified_address: answer === 'verified' ? oneLine(customer?.address) : null,
		verified_name: answer === 'verified' ? (customer?.name ?? null) : null,
	}
	core.store.changed()
	core.emit('customer.tax_id.updated', taxId, { previous })
}

function oneLine(address: Customer['address']) {
	if (!address) return null
	const parts = [address.line1, address.line2, address.postal_code, address.city, address.state, address.country]
	return parts.filter(Boolean).join(', ') || null
}

/** The customer's tax IDs, oldest first. */
export function taxIdsOf(core: Core, customerId: string): TaxId[] {
	return Object.values(core.store.state.taxIds).filter((taxId) => taxId.customer === customerId)
}

/** The customer's tax IDs as invoices and Checkout Sessions copy them: type and value. */
export function printedTaxIds(core: Core, customerId: string) {
	return taxIdsOf(core, customerId).map((taxId) => ({ type: taxId.type, value: taxId.value }))
}
