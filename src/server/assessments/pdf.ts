import PDFDocument from 'pdfkit';
import type { ReportView } from './report-data';

/** SPEC §4: the downloadable report is titled Summary-Report (document title and file name). */
export const PDF_TITLE = 'Summary-Report';
const BAND_COLOUR = { low: '#1b7a3d', moderate: '#a35a00', high: '#b3261e' } as const;
const AREA_NAMES: Record<string, string> = { office: 'Office', home: 'Home', anywhere: 'Anywhere', lab: 'Lab', travel: 'Travel' };

/**
 * The report as a PDF, made on the server with pdfkit: the same content as the report page
 * (summary, overall and part scores explained, findings with recommendations and their links,
 * discomfort by body region, change since the previous attempt, earlier attempts). The built-in Helvetica covers the
 * Latin-script languages; CJK report text needs an embedded font (README, known limits).
 */
export function renderReportPdf(report: ReportView, origin: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: PDF_TITLE, Subject: 'Self-assessment report', Author: 'ErgoPortal' }, displayTitle: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => { doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject); });
  const { result, change } = report;
  const heading = (text: string) => { doc.moveDown(0.8).font('Helvetica-Bold').fontSize(14).fillColor('#1A191C').text(text).moveDown(0.3).font('Helvetica').fontSize(10.5); };

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1A191C').text(PDF_TITLE);
  doc.font('Helvetica').fontSize(11).fillColor('#444')
    .text(`${AREA_NAMES[result.area] ?? result.area} self-assessment for ${report.employee.first_name} ${report.employee.last_name} (${report.company})`)
    .text(`Submitted ${report.submitted_at.toISOString().slice(0, 10)} · Status: ${report.status}`);

  heading('Overall result');
  doc.font('Helvetica-Bold').fontSize(16).fillColor(BAND_COLOUR[result.overall.band])
    .text(`${result.overall.score} out of ${result.overall.max}: ${result.overall.band} risk${result.overall.actionNeeded ? ', action needed' : ''}`);
  doc.font('Helvetica').fontSize(10.5).fillColor('#1A191C').text(result.summary);

  if (change) {
    heading('Change since your previous assessment');
    doc.text(`Previous score ${change.previousScore}, now ${result.overall.score} (${change.delta > 0 ? '+' : ''}${change.delta}).`).text(change.summary);
    for (const part of change.parts) doc.text(`• ${part.label}: ${part.before} → ${part.after}`);
    if (change.resolvedFindings.length) doc.text(`Resolved: ${change.resolvedFindings.join('; ')}`);
    if (change.newFindings.length) doc.text(`New: ${change.newFindings.join('; ')}`);
  }

  if (result.parts.length) {
    heading('Scores by part');
    for (const part of result.parts) {
      doc.font('Helvetica-Bold').text(`${part.label}: ${part.score} / ${part.max}`).font('Helvetica').fillColor('#444').text(part.explanation).fillColor('#1A191C').moveDown(0.3);
    }
  }

  heading('Findings and recommendations');
  if (result.findings.length === 0) doc.text('No findings: your set-up meets the checks in this assessment.');
  for (const finding of result.findings) {
    doc.font('Helvetica-Bold').fillColor(BAND_COLOUR[finding.severity]).text(`${finding.title} (${finding.severity})`);
    doc.font('Helvetica').fillColor('#1A191C').text(finding.recommendation);
    for (const link of finding.links) doc.fillColor('#0645ad').text(`${link.label}: ${origin}${link.href}`, { link: `${origin}${link.href}`, underline: true });
    doc.fillColor('#1A191C').moveDown(0.4);
  }

  const sore = result.bodyMap.filter((r) => r.score > 0);
  if (result.bodyMap.length) {
    heading('Discomfort by body region (Cornell Musculoskeletal Discomfort Questionnaire)');
    if (sore.length === 0) doc.text('No discomfort reported in the past week.');
    for (const region of [...sore].sort((a, b) => b.score - a.score)) {
      const y = doc.y;
      doc.text(`${region.label}: ${region.score}`, 50, y, { width: 200 });
      doc.rect(260, y + 2, Math.max(2, (region.score / 90) * 250), 8).fill(region.score >= 30 ? BAND_COLOUR.high : region.score >= 10 ? BAND_COLOUR.moderate : BAND_COLOUR.low);
      doc.fillColor('#1A191C').text('', 50, y + 14);
    }
  }
  if (report.history.length > 1) {
    heading(`Your ${AREA_NAMES[result.area] ?? result.area} self-assessments`);
    for (const h of report.history) doc.text(`${h.submitted_at.toISOString().slice(0, 10)}: ${h.score} out of ${h.max}, ${h.band} risk${h.url === report.url ? ' (this report)' : ''}`);
  }
  doc.end();
  return done;
}
