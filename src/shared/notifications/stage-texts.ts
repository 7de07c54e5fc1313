// What a job seeker reads when their application moves (issue 42, decision 0228): the notification,
// and the email for the stages that send one. Plain words, no markup (the server escapes them in HTML).
// Type-only imports: page chunks may use this.
import type { Stage } from '../applicants/stages';

export interface StageSubject {
  fullName: string;
  jobTitle: string;
  companyName: string;
}

/** The stages a job seeker is told of; moving back to New tells them nothing. */
export const NOTIFIED_STAGES = ['reviewed', 'interview', 'offer', 'hired', 'rejected'] as const satisfies readonly Stage[];
export type NotifiedStage = (typeof NOTIFIED_STAGES)[number];

export function isNotifiedStage(stage: Stage): stage is NotifiedStage {
  return (NOTIFIED_STAGES as readonly Stage[]).includes(stage);
}

export function stageNotificationText(stage: NotifiedStage, s: Pick<StageSubject, 'jobTitle' | 'companyName'>): string {
  switch (stage) {
    case 'reviewed':
      return `${s.companyName} has looked at your application for ${s.jobTitle}.`;
    case 'interview':
      return `Good news: ${s.companyName} would like to interview you for ${s.jobTitle}.`;
    case 'offer':
      return `Congratulations! ${s.companyName} has made you an offer for ${s.jobTitle}.`;
    case 'hired':
      return `You're hired! ${s.companyName} has marked you as hired for ${s.jobTitle}. Congratulations.`;
    case 'rejected':
      return `${s.companyName} has decided not to go ahead with your application for ${s.jobTitle}. Thank you for applying.`;
  }
}

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'there';
}

export interface StageEmailText {
  subject: string;
  /** Paragraphs, in order. */
  lines: string[];
  /** The link at the end: its words (the address is the server's). */
  linkLabel: string;
}

/** The email of a stage that sends one; rejected only where the company chose to send them (decision 0157). */
export function stageEmailText(stage: 'interview' | 'offer' | 'hired' | 'rejected', s: StageSubject): StageEmailText {
  const hello = firstName(s.fullName);
  switch (stage) {
    case 'interview':
      return {
        subject: `${s.companyName} would like to interview you for ${s.jobTitle}`,
        lines: [
          `Good news, ${hello}!`,
          `The team at ${s.companyName} moved your application for ${s.jobTitle} to Interview. They will contact you with the details, so keep an eye on your email and phone.`,
          'Good luck!',
        ],
        linkLabel: 'See your applications',
      };
    case 'offer':
      return {
        subject: `An offer from ${s.companyName} for ${s.jobTitle}`,
        lines: [
          `Congratulations, ${hello}!`,
          `The team at ${s.companyName} has made you an offer for ${s.jobTitle}. They will be in touch with the details; take the time you need to read them and ask any questions before you decide.`,
          'Well done on getting this far.',
        ],
        linkLabel: 'See your applications',
      };
    case 'hired':
      return {
        subject: `Welcome aboard: you're hired for ${s.jobTitle} at ${s.companyName}`,
        lines: [
          `Congratulations, ${hello}!`,
          `${s.companyName} has marked you as hired for ${s.jobTitle}. We're glad Jobwise could help, and we wish you a great start in your new job.`,
          'If you have other applications open, you can withdraw them from My jobs so employers know.',
        ],
        linkLabel: 'See your applications',
      };
    case 'rejected':
      return {
        subject: `Your application for ${s.jobTitle} at ${s.companyName}`,
        lines: [
          `Hello ${hello},`,
          `Thank you for applying for ${s.jobTitle} at ${s.companyName}, and for the time you gave it. After careful thought, the team has decided to go ahead with other candidates for this role.`,
          "We know this isn't the news you hoped for. Please don't let it stop you: new jobs are posted every day, and your next application could be the one.",
          `We wish you all the best in your search.`,
          `The ${s.companyName} team, via Jobwise`,
        ],
        linkLabel: 'Find your next job on Jobwise',
      };
  }
}
