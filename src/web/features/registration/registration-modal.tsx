import { useCallback, useId, useRef, useState } from 'react';
import { Modal, type JobSummary, type ModalPresentation } from '../../ui/modal';
import type { RegistrationApi } from './api';
import type { FlowState } from './flow';
import type { ObservationSink } from './flow-observations';
import { RegistrationFlow, type RegistrationFlowHandle, type RegistrationFlowOptions } from './registration-flow';

export interface RegistrationModalProps {
  options: RegistrationFlowOptions;
  presentation?: ModalPresentation;
  phonePresentation?: 'sheet' | 'fullscreen';
  jobSummary?: JobSummary;
  returnFocusTo?: HTMLElement | null;
  onClosed(): void;
  /** Test seams. */
  api?: RegistrationApi;
  observations?: ObservationSink;
}

const SIGNED_IN_FORMS = new Set<FlowState['form']>(['CANDIDATE_SPOTLIGHT', 'RESUBSCRIBE', 'SMS']);

/** The registration flow in the modal: it cannot be closed while a code is pending (spec 4.3). */
export function RegistrationModal({ options, presentation, phonePresentation, jobSummary, returnFocusTo, onClosed, api, observations }: RegistrationModalProps) {
  const headingId = useId();
  const [open, setOpen] = useState(true);
  const [flow, setFlow] = useState<Pick<FlowState, 'dismissible' | 'form'>>({ dismissible: true, form: 'REGISTRATION' });
  const onStateChange = useCallback((state: FlowState) => setFlow({ dismissible: state.dismissible, form: state.form }), []);
  const [endRequested, setEndRequested] = useState(false);
  const flowRef = useRef<RegistrationFlowHandle>(null);
  // apply, saveLegacy and save end with the caller's callback: the modal closes then.
  const flowOptions: RegistrationFlowOptions = {
    ...options,
    onComplete: () => {
      options.onComplete?.();
      setOpen(false);
      onClosed();
    },
  };
  const close = (action: 'CLOSE' | 'BACK' = 'CLOSE') => {
    if (!endRequested) flowRef.current?.observeLeaving(action);
    // Closing an offer after sign-in ends the flow as finishing it would (decision 0034).
    if (SIGNED_IN_FORMS.has(flow.form)) {
      setEndRequested(true);
      return;
    }
    setOpen(false);
    onClosed();
  };
  return (
    <Modal
      open={open}
      onClose={() => close('CLOSE')}
      closable={flow.dismissible && flow.form !== 'DONE'}
      labelledBy={headingId}
      presentation={presentation}
      phonePresentation={phonePresentation}
      size={flow.form === 'OTP' ? 'otp' : 'form'}
      jobSummary={jobSummary}
      returnFocusTo={returnFocusTo}
      onBack={() => close('BACK')}
    >
      <RegistrationFlow ref={flowRef} options={flowOptions} headingId={headingId} headingLevel={2} onStateChange={onStateChange} endRequested={endRequested} api={api} observations={observations} />
    </Modal>
  );
}
