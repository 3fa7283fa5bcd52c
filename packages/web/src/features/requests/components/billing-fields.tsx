import type { RequestContributeBody } from '@giro/contract/requests';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';

export type BillingAddress = NonNullable<RequestContributeBody['billingAddress']>;
export const emptyAddress: BillingAddress = { line1: '', city: '', postalCode: '', country: '' };
/** Countries offered for a card's billing address (ISO 3166-1 alpha-2). */
const countries = ['IT', 'AT', 'BE', 'CH', 'DE', 'ES', 'FR', 'GB', 'GR', 'IE', 'NL', 'PT', 'SM', 'VA', 'US'];

/** Complete means every field filled and a country selected (SPEC §5). */
export const isAddressComplete = (a: BillingAddress) =>
  a.line1.trim() !== '' && a.city.trim() !== '' && a.postalCode.trim() !== '' && a.country.length === 2;

/** A card's billing address (SPEC §5): every field, and a country from the list. */
export function BillingFields({
  value,
  onChange,
}: {
  value: BillingAddress;
  onChange: (v: BillingAddress) => void;
}) {
  const { t, i18n } = useTranslation();
  const countryId = useId();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const set = (field: keyof BillingAddress) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{t('requests.contribute.billingTitle')}</legend>
      <Field label={t('requests.contribute.line1')} value={value.line1} onChange={set('line1')} required />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t('requests.contribute.city')} value={value.city} onChange={set('city')} required />
        <Field
          label={t('requests.contribute.postalCode')}
          value={value.postalCode}
          onChange={set('postalCode')}
          required
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={countryId} className="text-sm font-medium text-stone-800">
          {t('requests.contribute.country')}
        </label>
        <select
          id={countryId}
          value={value.country}
          onChange={set('country')}
          required
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          <option value="">{t('requests.contribute.chooseCountry')}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {names.of(code) ?? code}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
