import PDFDocument from 'pdfkit';
import { PDF_TITLE } from '../../domain/assessments/pdf';
import type { SurveyReportView } from './survey-data';
import { formatDay } from '../../../shared/dates';

/** An imported survey report as a PDF titled Summary-Report (SPEC §4): the questions and answers in order. */
export function renderSurveyPdf(report: SurveyReportView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: PDF_TITLE, Subject: report.survey_name, Author: 'ErgoPortal' },
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1A191C').text(PDF_TITLE);
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#444')
    .text(`${report.survey_name} for ${report.employee.first_name} ${report.employee.last_name} (${report.company})`)
    .text(`Submitted ${formatDay(report.submitted_at, 'en', { timeZone: 'UTC' })}`)
    .moveDown();
  doc.fillColor('#1A191C');
  for (const { question, answer } of report.answers)
    doc.font('Helvetica-Bold').fontSize(10.5).text(question).font('Helvetica').text(answer).moveDown(0.5);
  if (report.answers.length === 0) doc.text('This response has no answers.');
  doc.end();
  return done;
}
