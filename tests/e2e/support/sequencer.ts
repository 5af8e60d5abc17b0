import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed first, then longest by its cache, on a fresh clone larger files first), with
 * the crawl moved to the front: it is the longest browser file by far, so with two e2e workers it
 * starts first and the other worker works through the rest beside it, instead of it starting last and
 * running alone.
 */
export class CrawlFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const crawl = (spec: TestSpecification) => spec.moduleId.endsWith('/tests/e2e/crawl.test.ts');
    return [...sorted.filter(crawl), ...sorted.filter((spec) => !crawl(spec))];
  }
}
