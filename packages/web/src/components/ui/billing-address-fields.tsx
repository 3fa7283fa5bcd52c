import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

/** A card's billing address as both the fund's and the requests' contribution bodies carry it. */
export type BillingAddress = { line1: string; city: string; postalCode: string; country: string };
export const emptyAddress: BillingAddress = { line1: '', city: '', postalCode: '', country: '' };
/** Countries offered for a card's billing address (ISO 3166-1 alpha-2). */
const countries = ['IT', 'AT', 'BE', 'CH', 'DE', 'ES', 'FR', 'GB', 'GR', 'IE', 'NL', 'PT', 'SM', 'VA', 'US'];

/** Complete means every field filled and a country selected (SPEC §5). */
export const isAddressComplete = (address: BillingAddress) =>
  address.line1.trim() !== '' &&
  address.city.trim() !== '' &&
  address.postalCode.trim() !== '' &&
  address.country.length === 2;

export function BillingAddressFields({
  value,
  onChange,
}: {
  value: BillingAddress;
  onChange: (value: BillingAddress) => void;
}) {
  const { t, i18n } = useTranslation();
  const countryId = useId();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const set = (field: keyof BillingAddress) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-semibold">{t('billing.title')}</legend>
      <Field
        label={t('billing.line1')}
        value={value.line1}
        onChange={set('line1')}
        required
        autoComplete="address-line1"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('billing.city')}
          value={value.city}
          onChange={set('city')}
          required
          autoComplete="address-level2"
        />
        <Field
          label={t('billing.postalCode')}
          value={value.postalCode}
          onChange={set('postalCode')}
          required
          autoComplete="postal-code"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={countryId} className="text-sm font-medium text-stone-800">
          {t('billing.country')}
        </label>
        <select
          id={countryId}
          value={value.country}
          onChange={set('country')}
          required
          autoComplete="country"
          className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 text-base focus-visible:outline-3 focus-visible:outline-teal-600"
        >
          <option value="">{t('billing.chooseCountry')}</option>
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
