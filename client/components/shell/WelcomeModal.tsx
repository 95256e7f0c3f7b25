import { usePanels } from '../../stores/StoresProvider';
import { modalTexts } from '../../texts/shell-modals';
import { Panel } from '../ui/Panel';

const wt = modalTexts.welcome;

/** Spec §2 welcome modal (panel `welcome`), opened once per visitor by the shell (ShellModals). */
export default function WelcomeModal() {
  const open = usePanels((s) => s.open === 'welcome');
  const close = usePanels((s) => s.close);
  const openPanel = usePanels((s) => s.openPanel);
  if (!open) return null;
  return (
    <Panel title={wt.title} closeLabel={wt.close} onClose={close} variant="modal" className="welcome">
      <p>{wt.text}</p>
      <div className="welcome__actions">
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => openPanel('newsletter')}>
          {wt.newsletter}
        </button>
        <button type="button" className="button button--ghost" onClick={close}>
          {wt.browse}
        </button>
      </div>
    </Panel>
  );
}
