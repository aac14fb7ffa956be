import { useId, type ReactNode } from 'react';

export interface AccordionItem {
  key: string | number;
  header: ReactNode;
  body: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** Key of the open item (one open at a time), or null when all are closed. */
  openKey: string | number | null;
  onToggle: (key: string | number | null) => void;
}

/** Disclosure buttons with aria-expanded; one section open at a time (spec §2.3). */
export function Accordion({ items, openKey, onToggle }: AccordionProps) {
  const baseId = useId();
  return (
    <div className="accordion">
      {items.map((item) => {
        const open = item.key === openKey;
        const buttonId = `${baseId}-button-${item.key}`;
        const panelId = `${baseId}-panel-${item.key}`;
        return (
          <section key={item.key} className={open ? 'accordion-item open' : 'accordion-item'}>
            <h2 className="accordion-heading">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(open ? null : item.key)}
              >
                {item.header}
                <span className="accordion-chevron" aria-hidden="true" />
              </button>
            </h2>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="accordion-panel">
              {item.body}
            </div>
          </section>
        );
      })}
    </div>
  );
}
