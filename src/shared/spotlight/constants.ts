// Candidate spotlight (issue 13). No imports: page chunks use these.

/** The three prompts a job seeker answers, in the order the page shows them. */
export const SPOTLIGHT_PROMPTS = [
  { id: 'about_you', title: 'Tell us about yourself', hint: 'Who you are and what you are looking for, in a minute or so.' },
  { id: 'why_this_work', title: 'Why this kind of work', hint: 'What draws you to the jobs you apply for.' },
  { id: 'proudest_moment', title: 'Your proudest moment at work', hint: 'A time you made a difference, and what you did.' },
] as const;
export type SpotlightPromptId = (typeof SPOTLIGHT_PROMPTS)[number]['id'];
export const SPOTLIGHT_PROMPT_IDS = SPOTLIGHT_PROMPTS.map((prompt) => prompt.id) as [SpotlightPromptId, ...SpotlightPromptId[]];

/** How an answer was given: the kind comes from the bytes (a file with a video track is a video). */
export const SPOTLIGHT_ANSWER_KINDS = ['video', 'audio', 'text'] as const;
export type SpotlightAnswerKind = (typeof SPOTLIGHT_ANSWER_KINDS)[number];

export const SPOTLIGHT_LIMITS = {
  /** Largest upload or recording kept. */
  maxBytes: 30 * 1024 * 1024,
  /** Longest recording, and the longest file accepted. */
  maxSeconds: 90,
  /** Lead-in before a recording starts. */
  leadInSeconds: 3,
  /** A written answer, and a transcript. */
  maxTextCharacters: 1000,
} as const;

/** Containers accepted (checked from the bytes on the server; the file picker's accept list). */
export const SPOTLIGHT_ACCEPT = 'video/webm,video/mp4,audio/webm,audio/ogg,audio/mpeg,audio/mp4,audio/x-m4a,.webm,.mp4,.m4a,.ogg,.oga,.opus,.mp3';

export const SPOTLIGHT_PATHS = {
  /** The job seeker's profile, where the spotlight lives (spec 2.1: /profile?openCandidateSpotlight=true). */
  profile: '/profile',
  /** JSON: the person's answers. POST .../:prompt/media (multipart) and .../:prompt/text; DELETE .../:id. */
  answers: '/candidate/spotlight/answers',
  /** The bytes of an answer (range requests) and its captions: /spotlight/answers/:id/media, /captions.vtt. */
  media: '/spotlight/answers',
} as const;

export const OPEN_SPOTLIGHT_PARAM = 'openCandidateSpotlight';
/** Where an entry point came from, carried to /profile so the page's observations name it. */
export const SPOTLIGHT_SOURCE_PARAM = 'spotlightSource';

export function spotlightMediaPath(answerId: string): string {
  return `${SPOTLIGHT_PATHS.media}/${encodeURIComponent(answerId)}/media`;
}
export function spotlightCaptionsPath(answerId: string): string {
  return `${SPOTLIGHT_PATHS.media}/${encodeURIComponent(answerId)}/captions.vtt`;
}

export const SPOTLIGHT_MESSAGES = {
  tooLarge: 'Your recording or file must be 30 MB or smaller.',
  wrongType: 'We could not play this file. Upload a video or audio file: WebM, MP4, Ogg, MP3 or M4A.',
  tooLong: 'Your answer must be 90 seconds or shorter. Trim it, or record it again.',
  noDuration: 'We could not read how long this file is. Record your answer here, or upload another file.',
  missingFile: 'Choose a video or audio file to upload.',
  emptyText: 'Write your answer first.',
  textTooLong: 'Your answer can be at most 1,000 characters.',
  transcriptTooLong: 'A transcript can be at most 1,000 characters.',
  notFound: 'This answer no longer exists.',
  saved: 'Answer saved. Employers you apply to will see it first.',
  deleted: 'Answer deleted.',
  transcriptSaved: 'Transcript saved.',
  cameraRefused: 'We could not use your camera or microphone. Allow them in your browser, or write your answer instead.',
  noDevice: 'We could not find a camera or microphone on this device. You can upload a file, or write your answer instead.',
  notSupported: 'This browser cannot record here. You can upload a file, or write your answer instead.',
} as const;
