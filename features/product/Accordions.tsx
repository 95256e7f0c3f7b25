import { type ReactNode, useId, useState } from 'react';
import { toggleOpen } from './product-ui';

interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/** Spec §2 accordions: open and close in single or multiple mode; buttons with aria-expanded over labelled regions. */
export function Accordions({
  items,
  mode = 'single',
  initiallyOpen = [],
}: {
  items: AccordionItem[];
  mode?: 'single' | 'multiple';
  initiallyOpen?: string[];
}) {
  const [open, setOpen] = useState<string[]>(initiallyOpen);
  const base = useId();
  return (
    <div className="pdp-accordions">
      {items.map((item) => {
        const expanded = open.includes(item.id);
        const buttonId = `${base}-${item.id}-b`;
        const panelId = `${base}-${item.id}-p`;
        return (
          <div key={item.id} className="pdp-accordion">
            <h2 className="pdp-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="pdp-accordion__button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((o) => toggleOpen(o, item.id, mode))}
              >
                {item.title}
                <span className="pdp-accordion__icon" aria-hidden="true">
                  {expanded ? '−' : '+'}
                </span>
              </button>
            </h2>
            <section id={panelId} aria-labelledby={buttonId} className="pdp-accordion__panel" hidden={!expanded}>
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
