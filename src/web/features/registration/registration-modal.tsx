import { useCallback, useId, useRef, useState } from 'react';
import { Modal, type JobSummary, type ModalPresentation } from '../../ui/modal';
import type { RegistrationApi } from './api';
import type { FlowState } from './flow';
import type { ObservationSink } from './flow-observations';
import { isClosable, RegistrationFlow, type RegistrationFlowHandle, type RegistrationFlowOptions } from './registration-flow';

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

/**
 * The registration flow in the modal. Close, Escape and Back are events of the flow: `step` decides
 * whether they close the modal, end the flow, or (Back while a code is pending) return to the email form.
 */
export function RegistrationModal({ options, presentation, phonePresentation, jobSummary, returnFocusTo, onClosed, api, observations }: RegistrationModalProps) {
  const headingId = useId();
  const [open, setOpen] = useState(true);
  const [flow, setFlow] = useState<Pick<FlowState, 'dismissible' | 'form'>>({ dismissible: true, form: 'REGISTRATION' });
  const onStateChange = useCallback((state: FlowState) => setFlow({ dismissible: state.dismissible, form: state.form }), []);
  const flowRef = useRef<RegistrationFlowHandle>(null);
  const close = useCallback(() => {
    setOpen(false);
    onClosed();
  }, [onClosed]);
  // apply, saveLegacy and save end with the caller's callback: the modal closes then.
  const flowOptions: RegistrationFlowOptions = {
    ...options,
    onComplete: () => {
      options.onComplete?.();
      close();
    },
  };
  return (
    <Modal
      open={open}
      onClose={() => flowRef.current?.leave('CLOSE')}
      closable={isClosable(flow)}
      labelledBy={headingId}
      presentation={presentation}
      phonePresentation={phonePresentation}
      size={flow.form === 'OTP' ? 'otp' : 'form'}
      jobSummary={jobSummary}
      returnFocusTo={returnFocusTo}
      onBack={() => flowRef.current?.leave('BACK')}
    >
      <RegistrationFlow
        ref={flowRef}
        options={flowOptions}
        headingId={headingId}
        headingLevel={2}
        onStateChange={onStateChange}
        onClose={close}
        api={api}
        observations={observations}
      />
    </Modal>
  );
}
