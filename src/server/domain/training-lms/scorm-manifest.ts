import type { PackageCourse } from './scorm-course';

/**
 * imsmanifest.xml of a SCORM 1.2 package (ADL SCORM 1.2 Content Aggregation Model §2.3): one
 * organization holding one item, the course, launched from one SCO resource that lists every file
 * of the package. No adlcp:masteryscore: a course is passed when every module reaches its own pass
 * mark, which one score cannot say, so the package sets passed or failed itself. The identifier carries the course, its version and language, so a learning
 * system recognises a new version as a new package.
 */
const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

export const LAUNCH_FILE = 'index.html';

export function packageIdentifier(course: Pick<PackageCourse, 'id' | 'version' | 'language'>): string {
  return `ergoportal-${course.id}-v${course.version}-${course.language}`;
}

export function scormManifest(course: PackageCourse, files: readonly string[]): string {
  const id = packageIdentifier(course);
  const fileList = files.map((f) => `      <file href="${xml(f)}"/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${xml(id)}" version="${course.version}"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${xml(id)}-org">
    <organization identifier="${xml(id)}-org">
      <title>${xml(course.title)}</title>
      <item identifier="${xml(id)}-item" identifierref="${xml(id)}-sco" isvisible="true">
        <title>${xml(course.title)}</title>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${xml(id)}-sco" type="webcontent" adlcp:scormtype="sco" href="${LAUNCH_FILE}">
${fileList}
    </resource>
  </resources>
</manifest>
`;
}
