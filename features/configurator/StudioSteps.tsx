import { Personalisation } from '../product/Personalisation';
import { QuantityStepper } from '../../client/components/form/QuantityStepper';
import { VariantPicker } from '../product/VariantPicker';
import { formatPrice } from '../../client/lib/price';
import { choose } from '../product/product-options';
import { productTexts } from '../product/product.texts';
import { configuratorTexts as T } from './configurator.texts';
import { StudioImage } from './StudioImage';
import { SwatchGroup } from './SwatchGroup';
import { MAX_STUDIO_QTY, switchModel } from './url';
import type { StudioView } from './use-studio';

/** The studio's five steps: model, tape width and size, a colour per part, hardware and extras, quantity. */
export function StudioSteps({ view, assetUrl }: { view: StudioView; assetUrl: string }) {
  const { base, design, models, model, offers, update } = view;
  return (
    <div className="studio__steps">
      <fieldset className="studio-step studio-models">
        <legend>
          <span className="studio-step__no">1</span> {T.steps.model}
        </legend>
        <div className="studio-models__row">
          {models.map((m) => (
            <label key={m.slug} className="studio-model">
              <input
                type="radio"
                name={`${base}-model`}
                value={m.slug}
                checked={design.model === m.slug}
                onChange={() => update(switchModel(design, m.slug, models))}
              />
              <StudioImage
                preview={m.pictures[design.parts[m.parts[0]?.key ?? ''] ?? ''] ?? m.image}
                alt=""
                sizes="(min-width: 1024px) 160px, 40vw"
                assetUrl={assetUrl}
              />
              <span className="studio-model__name">{m.name}</span>
              <span className="studio-model__price">
                {T.from} {formatPrice(m.fromPrice)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {model && (
        <>
          <section className="studio-step" aria-labelledby={`${base}-size`}>
            <h2 id={`${base}-size`}>
              <span className="studio-step__no">2</span> {T.steps.size}
            </h2>
            <VariantPicker
              data={model}
              selection={design.selection}
              onChoose={(groupId, optionId) =>
                update({ ...design, selection: choose(model.optionGroups, model.variants, design.selection, groupId, optionId) })
              }
            />
          </section>
          <section className="studio-step" aria-labelledby={`${base}-colours`}>
            <h2 id={`${base}-colours`}>
              <span className="studio-step__no">3</span> {T.steps.colours}
            </h2>
            {model.parts.map((p) => (
              <SwatchGroup
                key={p.key}
                name={`${base}-part-${p.key}`}
                label={p.label}
                colours={model.colours}
                value={design.parts[p.key]}
                onChange={(code) => update({ ...design, parts: { ...design.parts, [p.key]: code } })}
              />
            ))}
          </section>
          <section className="studio-step" aria-labelledby={`${base}-extras`}>
            <h2 id={`${base}-extras`}>
              <span className="studio-step__no">4</span> {T.steps.hardware} · {T.steps.extras}
            </h2>
            <Personalisation
              offers={offers}
              state={design.extras}
              errors={view.priced?.extras.errors ?? {}}
              onChange={(field, value) =>
                update(
                  { ...design, extras: { ...design.extras, [field]: value } },
                  typeof value === 'string' && offers.find((o) => o.field === field)?.type === 'int' ? 'replace' : 'push',
                )
              }
              guard={null}
              partColours={{}}
              onPartColour={() => {}}
            />
          </section>
          <section className="studio-step" aria-labelledby={`${base}-qty`}>
            <h2 id={`${base}-qty`}>
              <span className="studio-step__no">5</span> {T.steps.quantity}
            </h2>
            <QuantityStepper
              value={design.qty}
              onValue={(value) => update({ ...design, qty: value }, 'replace')}
              label={productTexts.quantity}
              showLabel
              decreaseLabel={productTexts.decrease}
              increaseLabel={productTexts.increase}
              max={MAX_STUDIO_QTY}
              live
            />
          </section>
          <p className="studio__share">{T.share}</p>
        </>
      )}
    </div>
  );
}
