// "Download as PDF": a plain one-column résumé made from the profile (issue 43, decision 0312), written
// by pdfkit as it goes, so the reply streams it. The font is Liberation Sans, shipped inside pdfjs-dist:
// embedded (as a subset), it covers Latin, Greek and Cyrillic names the standard PDF fonts cannot write.
import { createRequire } from 'node:module';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import PDFDocument from 'pdfkit';
import { PROFILE_SECTION_LABELS, type ProfileSectionsView } from '../../../shared/seeker/profile-sections';

const require = createRequire(import.meta.url);
const FONTS = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts');

export interface ProfilePdfContent {
  fullName: string;
  headline: string;
  location: string;
  /** Only the contact details the seeker chose to show. */
  contact: string[];
  sections: ProfileSectionsView;
}

const INK = '#1a1a1a';
const MUTED = '#555555';

/** The PDF document, ended: pipe or send it (it is a readable stream). */
export function profilePdf(content: ProfilePdfContent): PDFKit.PDFDocument {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, compress: true, info: { Title: `${content.fullName} – Résumé`, Author: content.fullName, Creator: 'Jobwise' } });
  doc.registerFont('regular', path.join(FONTS, 'LiberationSans-Regular.ttf'));
  doc.registerFont('bold', path.join(FONTS, 'LiberationSans-Bold.ttf'));

  doc.font('bold').fontSize(20).fillColor(INK).text(content.fullName);
  if (content.headline) doc.font('regular').fontSize(12).text(content.headline);
  const details = [content.location, ...content.contact].filter(Boolean);
  if (details.length) doc.moveDown(0.2).font('regular').fontSize(10).fillColor(MUTED).text(details.join('  ·  '));

  const heading = (text: string) => {
    doc.moveDown(1).font('bold').fontSize(13).fillColor(INK).text(text);
    const y = doc.y + 2;
    doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.moveDown(0.5);
  };
  const { work, education, skills, licences, links } = content.sections;

  if (work.length) {
    heading(PROFILE_SECTION_LABELS.work.heading);
    for (const entry of work) {
      doc.font('bold').fontSize(11).fillColor(INK).text(entry.employer ? `${entry.title}, ${entry.employer}` : entry.title);
      doc.font('regular').fontSize(10).fillColor(MUTED).text(entry.dates);
      if (entry.description) doc.fillColor(INK).text(entry.description);
      doc.moveDown(0.6);
    }
  }
  if (education.length) {
    heading(PROFILE_SECTION_LABELS.education.heading);
    for (const entry of education) {
      doc.font('bold').fontSize(11).fillColor(INK).text(entry.school ? `${entry.qualification}, ${entry.school}` : entry.qualification);
      if (entry.years) doc.font('regular').fontSize(10).fillColor(MUTED).text(entry.years);
      doc.moveDown(0.6);
    }
  }
  if (skills.length) {
    heading(PROFILE_SECTION_LABELS.skills.heading);
    doc.font('regular').fontSize(10).fillColor(INK).text(skills.join(', '));
  }
  if (licences.length) {
    heading(PROFILE_SECTION_LABELS.licences.heading);
    for (const entry of licences) {
      const rest = [entry.issuer, entry.expires ? `expires ${entry.expires}` : null].filter(Boolean).join(', ');
      doc.font('regular').fontSize(10).fillColor(INK).text(rest ? `${entry.name} (${rest})` : entry.name);
    }
  }
  if (links.length) {
    heading(PROFILE_SECTION_LABELS.links.heading);
    for (const entry of links) doc.font('regular').fontSize(10).fillColor(INK).text(`${entry.label}: ${entry.url}`, { link: entry.url });
  }
  doc.end();
  return doc;
}

/** The download's file name: the person's name in plain letters, then "-resume.pdf". */
export function profilePdfFileName(fullName: string): string {
  const base = fullName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'my'}-resume.pdf`;
}

/** A stored E.164 number as people write it ("+1 512 555 0100"). */
export function readablePhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
