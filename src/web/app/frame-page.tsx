import type { PageProps } from './page-props';

/**
 * A real frame for pages whose content is not built yet: the title, the layout around it and what
 * the page is for, never a blank screen.
 */
export function FramePage({ route }: PageProps) {
  return (
    <section className="frame-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{route.title}</h1>
      <div className="panel">
        <p>This part of ErgoPortal is being prepared. Everything you need today is in the menu.</p>
        <p className="muted">Questions? The Help Center and your programme manager can help.</p>
      </div>
    </section>
  );
}
