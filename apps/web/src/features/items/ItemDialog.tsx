import type { Item } from '@scanline/contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useT } from '../../lib/i18n/console-intl';
import { toMajorUnits, toMinorUnits } from '../../lib/money';
import { type FieldErrors, FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';

interface VariantDraft {
  id?: string;
  name: string;
  price: string;
}

const majorOf = (minor: number | null, currency: string) =>
  minor === null ? '' : toMajorUnits(minor, currency);

/**
 * Create or edit an item: name, category, price (empty = typed at the counter), VAT rate
 * (empty = the project's), SKU, and variants each with its own price. An item with variants is
 * priced by them, so the item's own price field gives way to the variant list.
 */
export function ItemDialog({
  item,
  currency,
  onClose,
  onSave,
}: {
  item: Item | null;
  currency: string;
  onClose: () => void;
  onSave: (body: object) => Promise<void>;
}) {
  const { t } = useT();
  const [name, setName] = useState(item?.name ?? '');
  const [category, setCategory] = useState(item?.category ?? '');
  const [price, setPrice] = useState(majorOf(item?.price ?? null, currency));
  const [taxRate, setTaxRate] = useState(item?.tax_rate === null || !item ? '' : String(item.tax_rate));
  const [sku, setSku] = useState(item?.sku ?? '');
  const [variants, setVariants] = useState<VariantDraft[]>(
    (item?.variants ?? []).map((v) => ({ id: v.id, name: v.name, price: majorOf(v.price, currency) })),
  );
  const setVariant = (i: number, patch: Partial<VariantDraft>) =>
    setVariants((vs) => vs.map((v, j) => (j === i ? { ...v, ...patch } : v)));

  const minorOrNull = (s: string) => (s.trim() === '' ? null : toMinorUnits(s, currency));
  const validate = (): FieldErrors | null => {
    const errors: FieldErrors = {};
    const p = minorOrNull(price);
    if (variants.length === 0 && price.trim() !== '' && (p === null || p < 0))
      errors.price = t('items.priceInvalid');
    const rate = taxRate.trim() === '' ? null : Number(taxRate.replace(',', '.'));
    if (rate !== null && !(rate >= 0 && rate <= 100)) errors.tax_rate = t('items.taxRateInvalid');
    variants.forEach((v, i) => {
      const vp = minorOrNull(v.price);
      if (v.price.trim() !== '' && (vp === null || vp < 0))
        errors[`variants.${i}.price`] = t('items.priceInvalid');
      if (!v.name.trim()) errors[`variants.${i}.name`] = t('items.variantNameRequired');
    });
    return Object.keys(errors).length ? errors : null;
  };
  const body = () => ({
    name: name.trim(),
    category: category.trim() || null,
    price: variants.length ? null : minorOrNull(price),
    tax_rate: taxRate.trim() === '' ? null : Number(taxRate.replace(',', '.')),
    sku: sku.trim() || null,
    variants: variants.map((v) => ({
      ...(v.id ? { id: v.id } : {}),
      name: v.name.trim(),
      price: minorOrNull(v.price),
    })),
  });
  const variantFields = variants.flatMap((_, i) => [`variants.${i}.name`, `variants.${i}.price`]);

  return (
    <FormDialog
      header={item ? t('items.editTitle', { name: item.name }) : t('items.add')}
      width="36rem"
      cancelLabel={t('common.cancel')}
      submitLabel={item ? t('common.save') : t('items.addSubmit')}
      submitDisabled={!name.trim()}
      fields={['name', 'category', 'price', 'tax_rate', 'sku', 'variants', ...variantFields]}
      validate={validate}
      onSubmit={() => onSave(body())}
      onClose={onClose}
    >
      {(errors) => (
        <>
          <FormField id="item-name" label={t('items.name')} error={errors.name}>
            <InputText
              id="item-name"
              value={name}
              maxLength={120}
              invalid={Boolean(errors.name)}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <FormField
            id="item-category"
            label={t('items.category')}
            help={t('items.categoryHelp')}
            error={errors.category}
          >
            <InputText
              id="item-category"
              value={category}
              maxLength={60}
              onChange={(e) => setCategory(e.target.value)}
            />
          </FormField>
          {variants.length === 0 && (
            <FormField
              id="item-price"
              label={t('items.priceIn', { currency })}
              help={t('items.priceHelp')}
              error={errors.price}
            >
              <InputText
                id="item-price"
                inputMode="decimal"
                value={price}
                invalid={Boolean(errors.price)}
                onChange={(e) => setPrice(e.target.value)}
              />
            </FormField>
          )}
          <FormField
            id="item-tax-rate"
            label={t('items.taxRate')}
            help={t('items.taxRateHelp')}
            error={errors.tax_rate}
          >
            <InputText
              id="item-tax-rate"
              inputMode="decimal"
              value={taxRate}
              invalid={Boolean(errors.tax_rate)}
              onChange={(e) => setTaxRate(e.target.value)}
            />
          </FormField>
          <FormField id="item-sku" label={t('items.sku')} error={errors.sku}>
            <InputText id="item-sku" value={sku} maxLength={64} onChange={(e) => setSku(e.target.value)} />
          </FormField>
          <fieldset className="item-variants">
            <legend>{t('items.variants')}</legend>
            <p className="form-help">{t('items.variantsHelp')}</p>
            {errors.variants && (
              <small className="p-error" role="alert">
                {errors.variants}
              </small>
            )}
            {variants.map((v, i) => (
              <div key={v.id ?? `new-${i}`} className="flex gap-2 align-items-start">
                <FormField
                  id={`variant-name-${i}`}
                  label={t('items.variantName', { n: i + 1 })}
                  error={errors[`variants.${i}.name`]}
                >
                  <InputText
                    id={`variant-name-${i}`}
                    value={v.name}
                    maxLength={60}
                    invalid={Boolean(errors[`variants.${i}.name`])}
                    onChange={(e) => setVariant(i, { name: e.target.value })}
                  />
                </FormField>
                <FormField
                  id={`variant-price-${i}`}
                  label={t('items.variantPrice', { n: i + 1, currency })}
                  error={errors[`variants.${i}.price`]}
                >
                  <InputText
                    id={`variant-price-${i}`}
                    inputMode="decimal"
                    value={v.price}
                    invalid={Boolean(errors[`variants.${i}.price`])}
                    onChange={(e) => setVariant(i, { price: e.target.value })}
                  />
                </FormField>
                <Button
                  type="button"
                  icon="pi pi-trash"
                  text
                  severity="danger"
                  className="mt-4"
                  aria-label={t('items.removeVariant', { n: i + 1 })}
                  onClick={() => setVariants((vs) => vs.filter((_, j) => j !== i))}
                />
              </div>
            ))}
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('items.addVariant')}
              text
              size="small"
              disabled={variants.length >= 30}
              onClick={() => setVariants((vs) => [...vs, { name: '', price: vs.length === 0 ? price : '' }])}
            />
          </fieldset>
        </>
      )}
    </FormDialog>
  );
}
