import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { AppLink } from '../../components/links/app-link';
import { STATUS_CLASSES, statusClass } from '../../components/reports/report-labels';
import { DialogDemo, FieldDemo, ToastDemo } from './components/style-guide-demos';
import '../../components/content/content.css';
import '../../components/reports/report.css';
import './components/style-guide.css';
import { href } from '../../../../generated/routes';
import { loadStaffTexts } from '../../i18n/texts';

/**
 * SPEC §2 /user/style_guide: the product's own building blocks, rendered from the real components
 * and style sheets, each with a note on when to use it, so that a new page looks like the others.
 * A change to a component or its CSS shows here at once; nothing on this page is styled for it alone.
 */

const SECTIONS = [
  ['colours', 'Colours'],
  ['buttons', 'Buttons'],
  ['fields', 'Fields and their errors'],
  ['status', 'Status labels'],
  ['grids', 'Grids and tables'],
  ['cards', 'Cards and panels'],
  ['toasts', 'Toasts'],
  ['dialogs', 'Popups and dialogs'],
  ['charts', 'Charts and the body map'],
] as const;

/**
 * chart.js stays out of this page's chunk: the samples load when asked for (components/charts/README.md),
 * with the staff texts they are worded in, which the rest of the page does not read.
 */
const ChartSamples = lazy(() =>
  Promise.all([import('../../components/charts/chart-samples'), loadStaffTexts()]).then(([module]) => module),
);

function ChartDemo() {
  const [shown, setShown] = useState(false);
  if (!shown)
    return (
      <button type="button" onClick={() => setShown(true)}>
        Show sample charts
      </button>
    );
  return (
    <Suspense fallback={<p role="status">Loading the charts…</p>}>
      <ChartSamples />
    </Suspense>
  );
}

const COLOURS = [
  [
    '--brand-primary',
    'Client primary (default #FF9500): accents only, such as the header rule and the active menu underline; too light for text on white.',
  ],
  ['--brand-secondary', 'Client secondary (default #1A191C): buttons, footer, selected cards.'],
  ['--text', 'Body text.'],
  ['--muted', 'Secondary text such as hints and dates (7:1 on white).'],
  ['--surface-2', 'Panels and quiet backgrounds.'],
  ['--border', 'Borders of cards, tables and panels.'],
  ['--error', 'Error messages and invalid fields.'],
  ['--focus', 'The keyboard focus ring (never remove it).'],
] as const;

/** A card that links only where the reader may go (AppLink, src/shared/link-access.ts); otherwise a plain card. */
function LinkCard({ to, title, text }: { to: string; title: string; text: string }) {
  const body = (
    <>
      <h3>{title}</h3>
      <p>{text}</p>
    </>
  );
  return (
    <AppLink className="card" to={to} fallback={<div className="card">{body}</div>}>
      {body}
    </AppLink>
  );
}

function When({ children }: { children: ReactNode }) {
  return (
    <div className="when">
      <h3>When to use</h3>
      {children}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

export default function StyleGuidePage({ route }: PageProps) {
  return (
    <section className="content style-guide" aria-labelledby="page-heading">
      <h1 id="page-heading">{route.title}</h1>
      <p>
        The building blocks every ErgoPortal page is made of, shown with the same components and style sheets the pages use. Build a new
        page from these and it will look and behave like the rest of the portal, including for keyboard and screen-reader users.
      </p>
      <nav className="style-guide-toc" aria-label="Style guide sections">
        <ul>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}-heading`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>

      <Section id="colours" title="Colours">
        <p>
          Colours are CSS variables set in <code>src/web/styles/app.css</code>; the two brand colours come from the signed-in client (SPEC
          §1).
        </p>
        <ul className="swatches">
          {COLOURS.map(([name, use]) => (
            <li key={name}>
              <span className="swatch" style={{ background: `var(${name})` }} aria-hidden="true" />
              <span>
                <code>{name}</code>
                <br />
                {use}
              </span>
            </li>
          ))}
        </ul>
        <When>
          <ul>
            <li>Use the variables, never a colour literal: a client with its own colours then restyles the page for free.</li>
            <li>Text must reach 4.5:1 against its background; check new pairs before using them.</li>
          </ul>
        </When>
      </Section>

      <Section id="buttons" title="Buttons">
        <div className="style-guide-row">
          <button type="button" className="button">
            Save
          </button>
          <button type="button" className="button secondary">
            Cancel
          </button>
          <button type="button" className="button" disabled>
            Saving…
          </button>
          <Link className="button" to={href('profile')}>
            Open your profile
          </Link>
        </div>
        <div className="style-guide-narrow">
          <button type="button" className="button wide">
            Sign in
          </button>
        </div>
        <When>
          <ul>
            <li>
              <code>button</code>: the one main action of a form, dialog or page section.
            </li>
            <li>
              <code>button secondary</code>: the other choices beside it (Cancel, Back).
            </li>
            <li>Disabled while its call is running, so a second click sends nothing.</li>
            <li>
              <code>button wide</code>: the only action of a narrow card, such as the sign-in form.
            </li>
            <li>
              A control that goes to another page is a link styled as a button; one that does something is a{' '}
              <code>&lt;button type="button"&gt;</code>.
            </li>
          </ul>
        </When>
      </Section>

      <Section id="fields" title="Fields and their errors">
        <p>
          Type and leave a field, or press Save with the fields empty. <code>Field</code> and <code>useField</code> live in{' '}
          <code>src/web/components/form/</code>.
        </p>
        <FieldDemo />
        <When>
          <ul>
            <li>
              Every input has a visible label; its error sits under it and is tied to it with <code>aria-describedby</code>.
            </li>
            <li>Validate on input and on blur, and again before saving (SPEC §5); show a message only once the field was touched.</li>
            <li>
              Use the SPEC §5 wording (for example "Email field is required", "Use 15 or more characters."). The server checks the same
              rules again.
            </li>
            <li>
              A problem with the whole form (a failed save) goes in a <code>form-error</code> box above the fields.
            </li>
          </ul>
        </When>
      </Section>

      <Section id="status" title="Status labels">
        <ul className="style-guide-row" aria-label="Report statuses">
          {Object.entries(STATUS_CLASSES).map(([label, className]) => (
            <li key={label} style={{ listStyle: 'none' }}>
              <span className={statusClass(label)}>{label}</span> <code>{className}</code>
            </li>
          ))}
        </ul>
        <When>
          <ul>
            <li>
              Every SPEC §3 report status has its own colour class; write <code>statusClass(status)</code> from{' '}
              <code>src/web/components/reports/report-labels.ts</code>, never a colour of your own.
            </li>
            <li>The label always says the status in words: colour is never the only signal.</li>
          </ul>
        </When>
      </Section>

      <Section id="grids" title="Grids and tables">
        <div className="report-table-wrap">
          <table className="report-table">
            <caption className="visually-hidden">Example list of reports</caption>
            <thead>
              <tr>
                <th scope="col">Report</th>
                <th scope="col">Work area</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Self-Assessment</td>
                <td>Office</td>
                <td>12 Mar 2026</td>
                <td>
                  <span className={statusClass('Finalized')}>Finalized</span>
                </td>
              </tr>
              <tr>
                <td>1:1 Evaluation</td>
                <td>Home</td>
                <td>2 Apr 2026</td>
                <td>
                  <span className={statusClass('In Review')}>In Review</span>
                </td>
              </tr>
              <tr>
                <td>Self-Assessment</td>
                <td>Lab</td>
                <td>19 Apr 2026</td>
                <td>
                  <span className={statusClass('Pending Client Approval')}>Pending Client Approval</span>
                </td>
              </tr>
            </tbody>
          </table>
        </div>
        <When>
          <ul>
            <li>
              <code>report-table</code> (a plain table with column headers) for short lists an employee reads, such as My Reports.
            </li>
            <li>
              Long lists that people sort, filter, page through and export (users, clients, the audit log) use the server grid (
              <code>src/web/components/grid/server-grid.tsx</code>, declared in <code>manifest/grids/</code>): it pages, sorts and exports
              on the server, moves between cells with the arrow keys, and shows each row as a card on a phone.
            </li>
            <li>Tiles of choices (clients in the switch popup, guidance sections) use a card grid, below.</li>
          </ul>
        </When>
      </Section>

      <Section id="cards" title="Cards and panels">
        <div className="card-grid">
          <LinkCard
            to={href('help_center')}
            title="Help Center"
            text="Tutorials, answers about your reports and how to get more support."
          />
          <Link className="card" to={href('profile')}>
            <h3>Profile</h3>
            <p>Your name, region, language and password.</p>
          </Link>
          <LinkCard to={href('my_reports')} title="My Reports" text="Every self-assessment and evaluation report you have received." />
        </div>
        <div className="panel">
          <p>A panel groups related facts or a short explanation, such as a page that is on its way.</p>
          <p className="muted">Muted text is for hints and secondary details.</p>
        </div>
        <When>
          <ul>
            <li>
              <code>card-grid</code> of <code>card</code> links: a set of places to go, each with a title and one sentence (Admin Center,
              the branded home).
            </li>
            <li>
              Cards sit directly under the page title on real pages, so their titles are <code>h2</code> there; here they are{' '}
              <code>h3</code> under this section's heading.
            </li>
            <li>
              <code>panel</code>: information that belongs together but is not a link.
            </li>
          </ul>
        </When>
      </Section>

      <Section id="toasts" title="Toasts">
        <ToastDemo />
        <When>
          <ul>
            <li>
              The outcome of an action the person took: saved, sent, switched. Success toasts stay 2 seconds, errors 5 seconds, top right
              (SPEC §8, §9).
            </li>
            <li>
              Raise one with <code>emitToast</code> from <code>src/web/api/toast-bus.ts</code>. Failed API calls already raise their own
              error toast; do not add a second.
            </li>
            <li>Not for field errors (they go under the field) or anything the person must read later.</li>
          </ul>
        </When>
      </Section>

      <Section id="dialogs" title="Popups and dialogs">
        <DialogDemo />
        <When>
          <ul>
            <li>
              A decision that must be made before going on, such as choosing a client or a region (SPEC §2 Popups). <code>Dialog</code> in{' '}
              <code>src/web/popups/dialog.tsx</code> labels itself, keeps focus inside, locks the page's scroll and closes on Escape when
              allowed.
            </li>
            <li>
              Put the main action last in <code>dialog-actions</code>, with a secondary button beside it, and give focus back to the control
              that opened it.
            </li>
            <li>Not for messages (use a toast) or long forms (use a page).</li>
          </ul>
        </When>
      </Section>

      <Section id="charts" title="Charts and the body map">
        <ChartDemo />
        <When>
          <ul>
            <li>
              Figures over time or across groups on dashboards: <code>ChartFigure</code> (<code>src/web/components/charts/</code>, chart.js
              with only bars and lines registered). Give it a title and a one-sentence summary that says what the chart shows, not how it
              looks; "Show as table" gives the same data as a table.
            </li>
            <li>
              <code>BodyMap</code> shades the Cornell body regions by the share of employees reporting discomfort, with a legend and a
              table; a region of fewer than 5 people is hatched and reads "fewer than 5" (SPEC §1).
            </li>
            <li>
              Import them only from dashboard pages, never from employee or public pages; colours keep 3:1 contrast and each series has its
              own dash or point shape as well. Motion is off when the reader prefers reduced motion.
            </li>
          </ul>
        </When>
      </Section>
    </section>
  );
}
