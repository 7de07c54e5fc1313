import { Bell, Briefcase, Heart, Search } from 'lucide';
import type { ReactNode } from 'react';
import { Badge } from '../../src/web/ui/badge';
import { Button, LinkButton, type ButtonVariant } from '../../src/web/ui/button';
import { Card } from '../../src/web/ui/card';
import { ChoiceChip, RemovableChip } from '../../src/web/ui/chips';
import { CheckboxField, RadioGroup, SelectField } from '../../src/web/ui/choice-inputs';
import { CompanyLogo } from '../../src/web/ui/company-logo';
import { EmptyState } from '../../src/web/ui/empty-state';
import { Icon } from '../../src/web/ui/icon';
import { TextField } from '../../src/web/ui/inputs';
import { Pagination } from '../../src/web/ui/pagination';
import { Skeleton } from '../../src/web/ui/skeleton';
import { NavTabs, Tabs } from '../../src/web/ui/tabs';
import { ToastRegion } from '../../src/web/ui/toast';

/**
 * Every component of src/web/ui in its states, for docs/design.md's pictures (decision 0316).
 * `data-force` names a pseudo-class scripts/design-pictures.ts forces on that element through the
 * browser's developer protocol, so hover and focus show on many elements in one picture.
 */
const noop = () => {};

function Item({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="gallery-item">
      {children}
      <span className="gallery-caption">{caption}</span>
    </div>
  );
}

function ButtonRow({ variant }: { variant: ButtonVariant }) {
  return (
    <div className="gallery-row">
      <Item caption={`${variant}`}>
        <Button variant={variant}>Save search</Button>
      </Item>
      <Item caption="hover">
        <Button variant={variant} data-force="hover">
          Save search
        </Button>
      </Item>
      <Item caption="focus">
        <Button variant={variant} data-force="focus-visible">
          Save search
        </Button>
      </Item>
      <Item caption="disabled">
        <Button variant={variant} disabled>
          Save search
        </Button>
      </Item>
      <Item caption="loading">
        <Button variant={variant} loading>
          Saving
        </Button>
      </Item>
    </div>
  );
}

const SELECT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'relevance', label: 'Most relevant' },
];

export function Gallery() {
  return (
    <main className="gallery">
      <section className="gallery-section" id="gallery-actions" aria-labelledby="actions-title">
        <h2 id="actions-title">Buttons, links, badges and chips</h2>
        <ButtonRow variant="primary" />
        <ButtonRow variant="secondary" />
        <ButtonRow variant="outline" />
        <ButtonRow variant="plain" />
        <ButtonRow variant="danger" />
        <div className="gallery-row">
          <Item caption="LinkButton, large">
            <LinkButton href="#" large>
              <Icon icon={Search} /> Find jobs
            </LinkButton>
          </Item>
          <Item caption="LinkButton, focus">
            <LinkButton href="#" variant="outline" data-force="focus-visible">
              Post a job
            </LinkButton>
          </Item>
          <Item caption="Badge: neutral, info, success, warning, danger">
            <span className="gallery-row">
              <Badge>Draft</Badge>
              <Badge tone="info">New</Badge>
              <Badge tone="success">Applied</Badge>
              <Badge tone="warning">Paused</Badge>
              <Badge tone="danger">Closed</Badge>
            </span>
          </Item>
        </div>
        <div className="gallery-row">
          <Item caption="RemovableChip, hover">
            <span className="gallery-row">
              <RemovableChip href="#">Full-time</RemovableChip>
              <RemovableChip href="#">
                <span data-force-parent="hover">Within 25 miles</span>
              </RemovableChip>
            </span>
          </Item>
          <Item caption="ChoiceChip: off, on, focus, disabled">
            <span className="gallery-row">
              <ChoiceChip label="Remote" name="chip-a" />
              <ChoiceChip label="Part-time" name="chip-b" defaultChecked />
              <ChoiceChip label="Contract" name="chip-c" data-force="focus-visible" />
              <ChoiceChip label="Temporary" name="chip-d" disabled />
            </span>
          </Item>
        </div>
        <div className="gallery-row">
          <Item caption="Tabs (in the page)">
            <Tabs
              label="Applicant"
              tabs={[
                { id: 'profile', label: 'Profile', panel: <p>The applicant’s profile.</p> },
                { id: 'resume', label: 'Résumé', panel: <p>The résumé.</p> },
                { id: 'notes', label: 'Notes', panel: <p>Notes.</p> },
              ]}
            />
          </Item>
          <Item caption="NavTabs (links), hover on the second">
            <NavTabs
              label="Your jobs"
              current="#saved"
              links={[
                { href: '#saved', label: 'Saved' },
                { href: '#applied', label: <span data-force-parent="hover">Applied</span> },
                { href: '#interviews', label: 'Interviews' },
              ]}
            />
          </Item>
          <Item caption="Pagination">
            <Pagination page={3} pageCount={9} href={(page) => `#page-${page}`} />
          </Item>
        </div>
      </section>

      <section className="gallery-section" id="gallery-fields" aria-labelledby="fields-title">
        <h2 id="fields-title">Fields</h2>
        <div className="gallery-grid">
          <SelectField label="Sort by" options={SELECT_OPTIONS} defaultValue="newest" hint="Applies at once." />
          <SelectField label="Sort by (focus)" options={SELECT_OPTIONS} defaultValue="relevance" data-force="focus-visible" />
          <SelectField label="Sort by (error)" options={SELECT_OPTIONS} defaultValue="newest" error="Choose how to sort." />
          <SelectField label="Sort by (disabled)" options={SELECT_OPTIONS} defaultValue="newest" disabled />
          <TextField label="Job title" value="Registered nurse" onValueChange={noop} bounds={{ min: 3, max: 100 }} />
          <TextField label="Job title (error)" value="RN" onValueChange={noop} bounds={{ min: 3, max: 100 }} error="Use at least 3 characters." />
        </div>
        <div className="gallery-grid">
          <div>
            <CheckboxField label="Email me new jobs like these" defaultChecked hint="At most one email a day." />
            <CheckboxField label="Show my profile to employers" data-force="focus-visible" />
            <CheckboxField label="Text me (no phone number yet)" disabled />
            <CheckboxField label="I agree to the terms" error="Agree to the terms to go on." />
          </div>
          <RadioGroup
            legend="How often"
            name="how-often"
            defaultValue="daily"
            options={[
              { value: 'daily', label: 'Daily', hint: 'One email a day.' },
              { value: 'weekly', label: 'Weekly', hint: 'One email on Mondays.' },
              { value: 'never', label: 'Never (disabled)', disabled: true },
            ]}
            hint="You can change this in Settings."
          />
          <RadioGroup
            legend="Are you eligible to work here?"
            name="eligible"
            options={[
              { value: 'yes', label: 'Yes' },
              { value: 'no', label: 'No' },
            ]}
            error="Choose one."
          />
        </div>
      </section>

      <section className="gallery-section" id="gallery-feedback" aria-labelledby="feedback-title">
        <h2 id="feedback-title">Logos, cards, empty states, toasts and skeletons</h2>
        <div className="gallery-grid">
          <Item caption="CompanyLogo: monograms on tints">
            <span className="gallery-row">
              <CompanyLogo name="Northwind Health" />
              <CompanyLogo name="Acme Logistics" />
              <CompanyLogo name="Blue Harbor Bank" />
              <CompanyLogo name="Sunrise Bakery" size="large" />
            </span>
          </Item>
          <Item caption="Toasts: info, success, error">
            <ToastRegion
              onDismiss={noop}
              toasts={[
                { id: 1, message: 'Search saved.', tone: 'info' },
                { id: 2, message: 'Application sent.', tone: 'success' },
                { id: 3, message: 'Could not save. Try again.', tone: 'error' },
              ]}
            />
          </Item>
          <Item caption="Skeleton">
            <Skeleton lines={4} />
          </Item>
        </div>
        <div className="gallery-grid">
          <EmptyState icon={Heart} title="No saved jobs yet" action={<LinkButton href="#">Find jobs</LinkButton>}>
            <p>Save a job with its heart and it waits here.</p>
          </EmptyState>
          <EmptyState icon={Bell} title="No alerts" headingLevel={3}>
            <p>Save a search to hear of new jobs.</p>
          </EmptyState>
          <EmptyState icon={Briefcase} title="No applicants yet" headingLevel={3}>
            <p>Share the job’s link to reach more people.</p>
          </EmptyState>
        </div>
        <div className="gallery-grid">
          <Item caption="Card">
            <Card as="article">
              <h3>Forklift Operator</h3>
              <p>
                <Badge tone="success">Live</Badge> Austin, TX · Posted today
              </p>
            </Card>
          </Item>
          <Item caption="Card, accent (unread)">
            <Card tone="accent">
              <h3>Ann Archer</h3>
              <p>
                <Badge tone="info">Unread</Badge> <Badge>New</Badge>
              </p>
            </Card>
          </Item>
        </div>
      </section>
    </main>
  );
}
