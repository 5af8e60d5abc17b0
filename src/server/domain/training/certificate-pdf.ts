import PDFDocument from 'pdfkit';
import { ASSESSMENT_LANGUAGES, type AssessmentLanguage } from '../../../shared/assessment/types';
import { formatLongDay } from '../../../shared/dates';
import { pdfFonts } from '../assessments/pdf-fonts';

export interface CertificateFacts {
  readonly name: string;
  readonly course: string;
  readonly completedAt: Date;
  readonly code: string;
  /** The public page that confirms the code (its full address). */
  readonly verifyAt: string;
  readonly language: string;
  /** The certificate's words in its language (texts of the training part). */
  readonly words: {
    readonly title: string;
    readonly certifies: string;
    readonly completed: string;
    readonly on: string;
    readonly code: string;
    readonly verify: string;
  };
}

/**
 * A training certificate (docs/product.md "Training"): the name, the course, the date, the
 * verification code and the address that confirms it, on one landscape A4 page, set in a font that
 * covers the language (the report PDFs' fonts, assessments/pdf-fonts.ts).
 */
export function renderCertificatePdf(facts: CertificateFacts): Promise<Buffer> {
  const language = (ASSESSMENT_LANGUAGES as readonly string[]).includes(facts.language) ? (facts.language as AssessmentLanguage) : 'en';
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 60,
    lang: language === 'cn' ? 'zh-CN' : language,
    info: { Title: `${facts.words.title}: ${facts.course}`, Author: 'ErgoPortal' },
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
  const width = doc.page.width - 120;
  doc
    .rect(30, 30, doc.page.width - 60, doc.page.height - 60)
    .lineWidth(3)
    .strokeColor('#FF9500')
    .stroke();
  doc.moveDown(2);
  doc.font('bold').fontSize(30).fillColor('#1A191C').text(facts.words.title, { align: 'center', width });
  doc.moveDown(1.2).font('body').fontSize(14).fillColor('#444').text(facts.words.certifies, { align: 'center', width });
  doc.moveDown(0.6).font('bold').fontSize(26).fillColor('#1A191C').text(facts.name, { align: 'center', width });
  doc.moveDown(0.6).font('body').fontSize(14).fillColor('#444').text(facts.words.completed, { align: 'center', width });
  doc.moveDown(0.6).font('bold').fontSize(22).fillColor('#1A191C').text(facts.course, { align: 'center', width });
  const date = formatLongDay(facts.completedAt, language, { timeZone: 'UTC' });
  doc.moveDown(0.8).font('body').fontSize(14).fillColor('#444').text(`${facts.words.on} ${date}`, { align: 'center', width });
  doc.moveDown(2.5).fontSize(11).fillColor('#1A191C').text(`${facts.words.code}: ${facts.code}`, { align: 'center', width });
  doc.moveDown(0.3).text(`${facts.words.verify}: ${facts.verifyAt}`, { align: 'center', width });
  doc.end();
  return done;
}
