import PDFDocument from 'pdfkit';
import { ASSESSMENT_LANGUAGES, type AssessmentLanguage } from '../../../shared/assessment/types';
import { PDF_TITLE } from '../../domain/assessments/pdf';
import { pdfFonts } from '../../domain/assessments/pdf-fonts';
import { fillReportText, type EvaluationReportView } from '../../domain/evaluations/report-view';
import { ROSA_SCALE, rosaRisk, rosaScaleValues } from '../../../shared/assessment/rosa';
import { formatLongDay } from '../../../shared/dates';

/** A date in the report's language ("24 de noviembre de 2026"), as the page shows it. */
const longDate = (date: Date, language: AssessmentLanguage) => formatLongDay(date, language, { timeZone: 'UTC' });

const PRIORITY_COLOUR = { high: '#b3261e', medium: '#a35a00', low: '#1b7a3d' } as const;

/**
 * The evaluation report as a PDF in the Summary-Report style of the self-assessment (assessments/pdf.ts,
 * SPEC §4: titled Summary-Report): who and when, the workstation, the ergonomist's observations, the
 * recommendations by priority and the ROSA score, set in a font that covers the employee's language.
 * Its words are the page's (report.texts, report-texts.ts), so page and PDF read alike.
 */
export function renderEvaluationPdf(report: EvaluationReportView): Promise<Buffer> {
  const language = (ASSESSMENT_LANGUAGES as readonly string[]).includes(report.language) ? (report.language as AssessmentLanguage) : 'en';
  const t = report.texts;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: language === 'cn' ? 'zh-CN' : language,
    info: { Title: PDF_TITLE, Subject: t['report.title'], Author: 'ErgoPortal' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = pdfFonts(language);
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const heading = (text: string) => {
    doc.moveDown(0.8).font('bold').fontSize(14).fillColor('#1A191C').text(text).moveDown(0.3).font('body').fontSize(10.5);
  };

  doc.font('bold').fontSize(20).fillColor('#1A191C').text(PDF_TITLE);
  doc
    .font('body')
    .fontSize(11)
    .fillColor('#444')
    .text(`${t['report.title']}: ${report.employee.first_name} ${report.employee.last_name} (${report.company})`)
    .text(`${fillReportText(t['report.finalized'], { date: longDate(report.finalized_at, language) })} · ${t['report.status']}`)
    .text(fillReportText(t['report.evaluator'], { name: report.evaluator }))
    .text(`${t['report.work_area']}: ${report.work_area}`);
  if (report.rosa_score !== null) {
    heading(t['report.rosa']);
    // The score with what it means on ROSA's own scale, as on the report page.
    doc.text(
      `${report.rosa_score} / ${ROSA_SCALE.max}: ${t[rosaRisk(report.rosa_score) === 'high' ? 'report.rosa_high' : 'report.rosa_low']}`,
    );
    doc.fillColor('#444').text(fillReportText(t['report.rosa_scale'], rosaScaleValues)).fillColor('#1A191C');
  }
  if (report.observations.length) {
    heading(t['report.observations']);
    let section: string | undefined;
    for (const o of report.observations) {
      if (o.section !== section) {
        section = o.section;
        doc.moveDown(0.3).font('bold').fontSize(12).text(section).fontSize(10.5);
      }
      if (o.label) doc.font('bold').text(o.label);
      doc.font('body').text(o.text).moveDown(0.3);
    }
  }
  heading(t['report.recommendations']);
  if (report.recommendations.length === 0) doc.text(t['report.no_recommendations']);
  for (const [index, r] of report.recommendations.entries()) {
    doc
      .font('bold')
      .fillColor(PRIORITY_COLOUR[r.priority] ?? '#1A191C')
      .text(`${index + 1}. ${t[`report.priority.${r.priority}`] ?? r.priority}`);
    doc.font('body').fillColor('#1A191C').text(r.label);
    if (r.text) doc.fillColor('#444').text(r.text).fillColor('#1A191C');
    doc.moveDown(0.4);
  }
  doc.end();
  return done;
}
