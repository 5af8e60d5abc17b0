import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { scormPackage } from '../../../src/server/domain/training-lms/scorm-package';
import { fixtureCourse } from '../../fixtures/training-lms/course';

/**
 * A course's SCORM 1.2 package (docs/product.md "Training: learning systems") as a learning system
 * reads it: imsmanifest.xml at the root, well-formed, with the elements and attributes of the
 * SCORM 1.2 Content Aggregation Model, every file it names inside the zip and every file of the zip
 * named; lesson texts can never become markup of the launch page.
 */
const CP = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
const ADLCP = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';

function parseXml(text: string) {
  const problems: string[] = [];
  // xmldom reports a malformed document as warnings and errors rather than throwing.
  const report = (level: string) => (message: string) => problems.push(`${level}: ${message}`);
  const doc = new DOMParser({
    errorHandler: { warning: report('warning'), error: report('error'), fatalError: report('fatal') },
  }).parseFromString(text, 'application/xml');
  expect(problems).toEqual([]);
  return doc;
}

describe('SCORM 1.2 package', () => {
  it('holds a well-formed imsmanifest.xml naming exactly the files of the zip', async () => {
    const zip = unzipSync(await scormPackage(fixtureCourse, 'https://portal.example'));
    expect(Object.keys(zip)[0]).toBe('imsmanifest.xml');
    const doc = parseXml(strFromU8(zip['imsmanifest.xml']!));
    const manifest = doc.documentElement!;
    expect(manifest.localName).toBe('manifest');
    expect(manifest.namespaceURI).toBe(CP);
    expect(manifest.getAttribute('identifier')).toBe('ergoportal-display-screen-v3-en');
    const one = (name: string) => {
      const found = manifest.getElementsByTagNameNS(CP, name);
      expect(found.length, name).toBe(1);
      return found[0]!;
    };
    expect(one('schema').textContent).toBe('ADL SCORM');
    expect(one('schemaversion').textContent).toBe('1.2');
    const organizations = one('organizations');
    const organization = one('organization');
    expect(organizations.getAttribute('default')).toBe(organization.getAttribute('identifier'));
    const item = one('item');
    const resource = one('resource');
    expect(item.getAttribute('identifierref')).toBe(resource.getAttribute('identifier'));
    expect(item.getElementsByTagNameNS(CP, 'title')[0]!.textContent).toBe('Display screen basics & <setup>');
    expect(resource.getAttributeNS(ADLCP, 'scormtype')).toBe('sco');
    expect(resource.getAttribute('type')).toBe('webcontent');
    const launch = resource.getAttribute('href')!;
    const listed = Array.from(resource.getElementsByTagNameNS(CP, 'file')).map((f) => f.getAttribute('href')!);
    expect(listed).toContain(launch);
    expect(listed).toContain('illustrations/neutral-seated-posture.svg');
    expect(listed.sort()).toEqual(
      Object.keys(zip)
        .filter((f) => f !== 'imsmanifest.xml')
        .sort(),
    );
    // The illustration is the content file itself.
    expect(strFromU8(zip['illustrations/neutral-seated-posture.svg']!)).toBe(
      readFileSync(resolve(import.meta.dirname, '../../../content/illustrations/neutral-seated-posture.svg'), 'utf8'),
    );
  });

  it('renders lessons from Markdown with every text escaped and portal links made absolute', async () => {
    const zip = unzipSync(await scormPackage(fixtureCourse, 'https://portal.example/'));
    const html = strFromU8(zip['index.html']!);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Display screen basics &amp; &lt;setup&gt;</title>');
    // The course travels as JSON in which no "<" can end the script element.
    const json = /<script type="application\/json" id="course-data">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('<');
    const data = JSON.parse(json) as { modules: { lessons: { html: string; guidance: { href: string }[] }[] }[] };
    const lesson = data.modules[0]!.lessons[0]!;
    expect(lesson.html).toContain('<li>Feet <strong>flat</strong> on the floor</li>');
    expect(lesson.html).toContain('<a href="https://portal.example/user/seating" target="_blank" rel="noopener">seating</a>');
    expect(lesson.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(lesson.html).not.toContain('<script');
    expect(lesson.guidance[0]!.href).toBe('https://portal.example/user/seating');
    // No call to the portal: the only addresses are the links a learner may open.
    expect(html).not.toMatch(/fetch\(|XMLHttpRequest/);
  });

  it('carries its words in all eight languages, with the same keys', () => {
    const words = YAML.parse(
      readFileSync(resolve(import.meta.dirname, '../../../content/learning-systems/package-words.yaml'), 'utf8'),
    ) as Record<string, Record<string, string>>;
    expect(Object.keys(words).sort()).toEqual(['cn', 'de', 'en', 'es', 'fr', 'ja', 'ko', 'pt']);
    const keys = Object.keys(words.en!).sort();
    for (const [language, table] of Object.entries(words)) {
      expect(Object.keys(table).sort(), language).toEqual(keys);
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        // Placeholders survive translation.
        expect(text.match(/\{\w+\}/g)?.sort(), `${language}.${key}`).toEqual(words.en![key]!.match(/\{\w+\}/g)?.sort());
      }
    }
  });
});
