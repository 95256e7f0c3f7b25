import { useEffect, useRef } from 'react';
import { usePanels } from '../../client/stores/StoresProvider';
import { productTexts } from './product.texts';
import { Modal } from './Modal';

const T = productTexts.sizeTable;

/** Spec §2 size modal: the size table, opened through the panels store ('size'), so it closes any other panel and vice versa. */
export function SizeModal() {
  const open = usePanels((s) => s.open === 'size');
  const openPanel = usePanels((s) => s.openPanel);
  const close = usePanels((s) => s.close);
  const openRef = useRef(open);
  openRef.current = open;
  // Leaving the page with the table open must not reopen it on the next product page.
  useEffect(
    () => () => {
      if (openRef.current) close();
    },
    [close],
  );
  return (
    <>
      <button type="button" className="pdp-link-button" aria-haspopup="dialog" onClick={() => openPanel('size')}>
        {T.open}
      </button>
      <Modal open={open} onClose={() => open && close()} label={T.title} closeLabel={T.close} className="pdp-size-modal">
        <h2>{T.title}</h2>
        <p>{T.intro}</p>
        <table className="pdp-size-table">
          <thead>
            <tr>
              <th scope="col">{T.size}</th>
              <th scope="col">{T.neck}</th>
              <th scope="col">{T.chest}</th>
            </tr>
          </thead>
          <tbody>
            {T.rows.map(([size, neck, chest]) => (
              <tr key={size}>
                <th scope="row">{size}</th>
                <td>{neck}</td>
                <td>{chest}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </>
  );
}
