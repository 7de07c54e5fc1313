// Résumé parsing (issue 43, decision 0302): the text of an uploaded résumé read into the profile's
// work history, education and skills, by simple rules a person can predict. The seeker reviews every
// entry before anything is saved, so a rule may miss an entry but never saves one by itself.

export interface ParsedWork {
  title: string;
  employer: string;
  start_month: string;
  end_month: string;
  current: boolean;
  description: string;
}
export interface ParsedEducation {
  school: string;
  qualification: string;
  start_year: string;
  end_year: string;
}
export interface ParsedResume {
  work: ParsedWork[];
  education: ParsedEducation[];
  skills: string[];
}

type Section = 'work' | 'education' | 'skills' | 'other';

const HEADINGS: Array<[RegExp, Section]> = [
  [/^(work|professional|relevant|employment)?\s*(experience|history|employment)( history)?$/, 'work'],
  [/^(education|education and training|academic background|qualifications)$/, 'education'],
  [/^(skills|key skills|core skills|technical skills|skills and abilities|core competencies)$/, 'skills'],
  [/^(summary|profile|objective|about me|certifications|licen[cs]es( and certifications)?|references|languages|interests|awards|projects|volunteer( experience)?|contact)$/, 'other'],
];

/** A heading line: a known section name, alone on its line (a trailing colon allowed), any case. */
function headingOf(line: string): Section | null {
  const text = line.replace(/[:：]\s*$/, '').trim().toLowerCase();
  if (text.length > 40) return null;
  for (const [pattern, section] of HEADINGS) if (pattern.test(text)) return section;
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const POINT = `(?:${MONTH_WORD}\\s+(\\d{4})|(\\d{1,2})\\/(\\d{4})|(\\d{4}))`;
const RANGE = new RegExp(`${POINT}\\s*(?:-|–|—|to)\\s*(?:(present|current|now|today)|${POINT})`, 'i');
const YEAR_ONLY = /\b(19[5-9]\d|20\d\d)\b/g;

/** "2021-03" from the pieces one POINT matched (a year alone counts as its January). */
function monthOf(word: string | undefined, wordYear: string | undefined, number: string | undefined, numberYear: string | undefined, year: string | undefined): string | null {
  if (word && wordYear) return `${wordYear}-${String(MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1).padStart(2, '0')}`;
  if (number && numberYear && Number(number) >= 1 && Number(number) <= 12) return `${numberYear}-${number.padStart(2, '0')}`;
  if (year) return `${year}-01`;
  return null;
}

/** A date range in a line ("Mar 2019 – Present", "03/2019 - 05/2021", "2015 to 2018"), and the line without it. */
export function dateRangeIn(line: string): { start: string; end: string; current: boolean; rest: string } | null {
  const match = RANGE.exec(line);
  if (!match) return null;
  const start = monthOf(match[1], match[2], match[3], match[4], match[5]);
  const current = Boolean(match[6]);
  const end = current ? '' : monthOf(match[7], match[8], match[9], match[10], match[11]);
  if (!start || end === null) return null;
  const rest = (line.slice(0, match.index) + line.slice(match.index + match[0].length)).replace(/[\s,|·•()–—-]+$/, '').replace(/^[\s,|·•()–—-]+/, '').trim();
  return { start, end, current, rest };
}

/** "Title at Employer", "Title, Employer", "Title | Employer", "Title – Employer". */
function titleAndEmployer(text: string): { title: string; employer: string } | null {
  const at = /^(.+?)\s+at\s+(.+)$/i.exec(text);
  const split = at ? [at[1]!, at[2]!] : text.split(/\s*(?:,|\||·|–|—| - )\s*/);
  const [title, ...rest] = split.map((part) => part.trim()).filter(Boolean);
  const employer = rest.join(', ');
  return title && employer ? { title: title.slice(0, 100), employer: employer.slice(0, 100) } : null;
}

const SCHOOL = /\b(university|college|school|institute|academy|polytechnic|universit[éy])\b/i;

function parseWork(lines: string[]): ParsedWork[] {
  const entries: ParsedWork[] = [];
  let open: ParsedWork | null = null;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const range = dateRangeIn(line);
    if (range) {
      // The title and employer are on the date's line, or on the line just before it.
      let named = range.rest ? titleAndEmployer(range.rest) : null;
      if (!named && open && open.description) {
        const previous = open.description.split('\n').pop() ?? '';
        const before = titleAndEmployer(range.rest ? `${previous}, ${range.rest}` : previous);
        if (before) {
          open.description = open.description.split('\n').slice(0, -1).join('\n');
          named = before;
        }
      } else if (!named && !open && index > 0) named = titleAndEmployer(lines[index - 1]!);
      if (!named) continue;
      open = { ...named, start_month: range.start, end_month: range.end, current: range.current, description: '' };
      entries.push(open);
      continue;
    }
    if (open) open.description = [open.description, line.replace(/^[•\-*·]\s*/, '')].filter(Boolean).join('\n');
    else if (!lines[index + 1] || !dateRangeIn(lines[index + 1]!)) continue;
  }
  return entries.map((entry) => ({ ...entry, description: entry.description.slice(0, 500) }));
}

function parseEducation(lines: string[]): ParsedEducation[] {
  const entries: ParsedEducation[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const years = [...line.matchAll(YEAR_ONLY)].map((match) => match[1]!);
    const text = line.replace(/\(?\b(19[5-9]\d|20\d\d)\b\s*(?:-|–|—|to)?\s*/g, '').replace(/[\s,|·()–—-]+$/, '').trim();
    const parts = text.split(/\s*(?:,|\||·|–|—| - )\s*/).filter(Boolean);
    const schoolAt = parts.findIndex((part) => SCHOOL.test(part));
    if (schoolAt === -1) continue;
    let qualification = parts.filter((_, at) => at !== schoolAt).join(', ');
    // "Qualification" alone on the next line, when the school's line has none.
    if (!qualification && lines[index + 1] && !SCHOOL.test(lines[index + 1]!)) {
      qualification = lines[index + 1]!.replace(YEAR_ONLY, '').replace(/[\s,|·()–—-]+$/, '').trim();
      for (const match of lines[index + 1]!.matchAll(YEAR_ONLY)) years.push(match[1]!);
      index += 1;
    }
    if (!qualification) continue;
    const [first, second] = years;
    entries.push({ school: parts[schoolAt]!.slice(0, 120), qualification: qualification.slice(0, 120), start_year: second ? first! : '', end_year: second ?? first ?? '' });
  }
  return entries;
}

function parseSkills(lines: string[]): string[] {
  const seen = new Map<string, string>();
  for (const line of lines) {
    for (const piece of line.replace(/^[•\-*·]\s*/, '').split(/\s*(?:,|;|•|·|\|)\s*/)) {
      const skill = piece.replace(/\.$/, '').trim();
      if (skill && skill.length <= 50 && !seen.has(skill.toLowerCase())) seen.set(skill.toLowerCase(), skill);
    }
  }
  return [...seen.values()];
}

/** The sections of a résumé's text, by its headings; text before the first heading is ignored. */
export function parseResumeText(text: string): ParsedResume {
  const sections: Record<Section, string[]> = { work: [], education: [], skills: [], other: [] };
  let current: Section = 'other';
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (!line) continue;
    const heading = headingOf(line);
    if (heading) current = heading;
    else sections[current].push(line);
  }
  return { work: parseWork(sections.work).slice(0, 20), education: parseEducation(sections.education).slice(0, 10), skills: parseSkills(sections.skills).slice(0, 50) };
}
