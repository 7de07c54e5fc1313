import { PIPELINE_KEYS } from '../../../shared/applicants/page-props';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

/** The list of the pipeline's keys (decision 0294), a dialog: focus moves into it and back to where it was on close. */
export function KeyboardHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="pipeline-keys-heading" size="dialog">
      <div className="pipeline-keys">
        <h2 id="pipeline-keys-heading">Keyboard shortcuts</h2>
        <dl>
          {PIPELINE_KEYS.map((item) => (
            <div key={item.keys}>
              <dt>
                <kbd>{item.keys}</kbd>
              </dt>
              <dd>{item.action}</dd>
            </div>
          ))}
        </dl>
        <p className="applicants-muted">Keys do nothing while you type in a field.</p>
        <Button onClick={onClose}>Done</Button>
      </div>
    </Modal>
  );
}

/** The visible way to the list, for people who do not know "?" yet. */
export function KeyboardHelpButton({ onOpen }: { onOpen: () => void }) {
  return (
    <Button variant="secondary" className="pipeline-keys-button" onClick={onOpen}>
      Keyboard shortcuts <kbd aria-hidden="true">?</kbd>
    </Button>
  );
}
