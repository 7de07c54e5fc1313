// The pipeline's keys (decision 0294): j and k for the next and previous candidate, 1 to 6 for the
// stages in their order, ? for the list of keys. A key typed into a field is the field's, never a command.
import { useEffect, useRef } from 'react';
import { STAGES, type Stage } from '../../../shared/applicants/stages';

export type PipelineCommand = { kind: 'next' } | { kind: 'previous' } | { kind: 'stage'; stage: Stage } | { kind: 'help' };

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

const NOT_TYPING_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range', 'color']);

/** Whether the key goes to a place a person types in: a text field, a text area, a list box, an editable region. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPING_INPUTS.has(target.type);
  return target.closest('[contenteditable=""], [contenteditable="true"]') !== null;
}

/** The command a key press stands for, or null: modified keys, keys in a field and keys inside a dialog are not commands. */
export function pipelineCommand(event: KeyLike): PipelineCommand | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  if (typeof Element !== 'undefined' && event.target instanceof Element && event.target.closest('[role="dialog"]')) return null;
  if (event.key === 'j') return { kind: 'next' };
  if (event.key === 'k') return { kind: 'previous' };
  if (event.key === '?') return { kind: 'help' };
  const digit = /^[1-6]$/.test(event.key) ? Number(event.key) : 0;
  return digit ? { kind: 'stage', stage: STAGES[digit - 1]! } : null;
}

/** Listens on the document while `enabled`; each command is handed to `onCommand` (the latest one passed). */
export function usePipelineKeys(onCommand: (command: PipelineCommand) => void, enabled = true): void {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => {
      const command = pipelineCommand(event);
      if (!command) return;
      event.preventDefault();
      handler.current(command);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [enabled]);
}
