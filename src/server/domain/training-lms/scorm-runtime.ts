/**
 * The script of a SCORM package's launch page, run by the learner's browser inside the client's
 * learning system (docs/product.md "Training: learning systems"). It makes no call to the portal.
 *
 * SCORM 1.2 Run-Time Environment §3.3: find the LMS's `API` object by walking up the parent frames
 * and then the opener (the ADL search, at most 500 frames), LMSInitialize, set
 * cmi.core.lesson_status to incomplete on a first visit, and when every module's quiz has a score:
 * cmi.core.score.raw/min/max (the mean of each module's best score, as in the portal) and passed or
 * failed (every module at its pass mark), or completed for a course without quizzes; LMSCommit
 * after each change and LMSFinish when the learner finishes or leaves. Where the learner left off
 * and the best scores are kept in cmi.core.lesson_location and cmi.suspend_data.
 */
export const SCORM_RUNTIME = String.raw`(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('course-data').textContent);
  var words = data.words;
  var main = document.getElementById('main');
  var say = function (key, values) {
    return String(words[key]).replace(/\{(\w+)\}/g, function (_m, name) { return String(values && values[name] !== undefined ? values[name] : ''); });
  };

  function findAPI(win) {
    var tries = 0;
    while (win && !win.API && win.parent && win.parent !== win && tries < 500) { tries++; win = win.parent; }
    return win && win.API ? win.API : null;
  }
  function getAPI() {
    var api = null;
    try { api = findAPI(window); } catch (e) { api = null; }
    try { if (!api && window.opener) api = findAPI(window.opener); } catch (e) { api = null; }
    try { if (!api && window.top && window.top.opener) api = findAPI(window.top.opener); } catch (e) { api = null; }
    return api;
  }
  var api = getAPI();
  var live = false;
  var finished = false;
  function set(key, value) { if (live) api.LMSSetValue(key, String(value)); }
  function commit() { if (live) api.LMSCommit(''); }

  var best = {};
  var page = 0;
  if (api && String(api.LMSInitialize('')) === 'true') {
    live = true;
    var status = String(api.LMSGetValue('cmi.core.lesson_status') || '');
    if (status === '' || status === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
    try { best = JSON.parse(String(api.LMSGetValue('cmi.suspend_data') || '{}')) || {}; } catch (e) { best = {}; }
    var location = parseInt(String(api.LMSGetValue('cmi.core.lesson_location') || '0'), 10);
    if (location > 0) page = location;
    commit();
  } else {
    document.getElementById('notice').textContent = words.no_lms;
    document.getElementById('notice').hidden = false;
  }

  // The pages: each module's lessons, then its quiz; at the end, the result.
  var pages = [];
  data.modules.forEach(function (m, mi) {
    m.lessons.forEach(function (l, li) { pages.push({ kind: 'lesson', module: mi, lesson: li }); });
    if (m.quiz.length) pages.push({ kind: 'quiz', module: mi });
  });
  pages.push({ kind: 'result' });
  if (page >= pages.length) page = 0;

  var quizzed = data.modules.filter(function (m) { return m.quiz.length; });
  function outcome() {
    if (!quizzed.length) return { done: true, score: null, passed: true };
    var scores = quizzed.map(function (m) { return best[m.id]; });
    if (scores.some(function (s) { return typeof s !== 'number'; })) return { done: false };
    var score = Math.round(scores.reduce(function (a, b) { return a + b; }, 0) / scores.length);
    var passed = quizzed.every(function (m) { return best[m.id] >= m.passMark; });
    return { done: true, score: score, passed: passed };
  }
  function record() {
    set('cmi.suspend_data', JSON.stringify(best));
    var o = outcome();
    if (o.done && o.score !== null) {
      set('cmi.core.score.min', 0);
      set('cmi.core.score.max', 100);
      set('cmi.core.score.raw', o.score);
      set('cmi.core.lesson_status', o.passed ? 'passed' : 'failed');
    }
    commit();
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') node.textContent = attrs[k]; else if (k === 'html') node.innerHTML = attrs[k]; else node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function nav() {
    var bar = el('div', { class: 'nav' });
    if (page > 0) { var back = el('button', { type: 'button', class: 'secondary', text: words.back }); back.onclick = function () { go(page - 1); }; bar.appendChild(back); }
    bar.appendChild(el('span', { class: 'count', text: say('lesson_of', { page: page + 1, pages: pages.length }) }));
    if (page < pages.length - 1) { var next = el('button', { type: 'button', text: words.next }); next.onclick = function () { go(page + 1); }; bar.appendChild(next); }
    return bar;
  }

  function lessonPage(p) {
    var m = data.modules[p.module];
    var l = m.lessons[p.lesson];
    var nodes = [el('p', { class: 'module', text: m.title })];
    if (p.lesson === 0) nodes.push(el('p', { class: 'intro', text: m.intro }));
    nodes.push(el('h1', { text: l.title, tabindex: '-1' }));
    if (l.illustration) nodes.push(el('img', { src: l.illustration.file, alt: l.illustration.alt }));
    nodes.push(el('div', { class: 'body', html: l.html }));
    if (l.guidance.length) {
      var list = el('ul', { class: 'guidance' });
      l.guidance.forEach(function (g) { list.appendChild(el('li', {}, [el('a', { href: g.href, target: '_blank', rel: 'noopener', text: g.title })])); });
      nodes.push(el('h2', { text: words.guidance }), list);
    }
    return nodes;
  }

  function quizPage(p) {
    var m = data.modules[p.module];
    var form = el('form', { novalidate: 'novalidate' });
    m.quiz.forEach(function (q, qi) {
      var box = el('fieldset', { id: 'q-' + q.id });
      box.appendChild(el('legend', { text: (qi + 1) + '. ' + q.text }));
      box.appendChild(el('p', { class: 'hint', text: q.kind === 'single' ? words.choose_one : words.choose_all }));
      q.answers.forEach(function (a) {
        var id = 'a-' + q.id + '-' + a.id;
        var input = el('input', { type: q.kind === 'single' ? 'radio' : 'checkbox', name: q.id, value: a.id, id: id });
        box.appendChild(el('div', { class: 'answer' }, [input, el('label', { for: id, text: a.text })]));
      });
      box.appendChild(el('div', { class: 'feedback', 'aria-live': 'polite' }));
      form.appendChild(box);
    });
    var message = el('p', { class: 'message', role: 'status' });
    var check = el('button', { type: 'submit', text: words.check });
    form.appendChild(check);
    form.appendChild(message);
    form.onsubmit = function (event) {
      event.preventDefault();
      var right = 0;
      var missing = false;
      var flagged = false;
      var chosenBy = m.quiz.map(function (q) {
        var chosen = Array.prototype.slice.call(form.querySelectorAll('input[name="' + q.id + '"]:checked')).map(function (i) { return i.value; });
        if (!chosen.length) missing = true;
        return chosen;
      });
      if (missing) { message.textContent = words.answer_all; return; }
      m.quiz.forEach(function (q, qi) {
        var chosen = chosenBy[qi];
        var correct = q.answers.filter(function (a) { return a.correct; }).map(function (a) { return a.id; });
        var ok = q.kind === 'single'
          ? chosen.length === 1 && correct.indexOf(chosen[0]) >= 0
          : chosen.length === correct.length && chosen.every(function (c) { return correct.indexOf(c) >= 0; });
        if (ok) right++;
        var feedback = form.querySelector('#q-' + q.id + ' .feedback');
        feedback.textContent = '';
        q.answers.forEach(function (a) {
          if (chosen.indexOf(a.id) < 0) return;
          if (a.flag) flagged = true;
          feedback.appendChild(el('p', { class: a.correct ? 'right' : 'wrong', text: a.text + ': ' + a.why }));
        });
      });
      var score = Math.round((100 * right) / m.quiz.length);
      best[m.id] = Math.max(typeof best[m.id] === 'number' ? best[m.id] : 0, score);
      var passed = score >= m.passMark;
      message.textContent = say('module_score', { score: score, mark: m.passMark }) + ' ' + (passed ? words.module_passed : words.module_failed) + (flagged ? ' ' + words.flagged : '');
      check.textContent = words.retry;
      record();
    };
    return [el('p', { class: 'module', text: m.title }), el('h1', { text: words.quiz + ': ' + m.title, tabindex: '-1' }), form];
  }

  function resultPage() {
    var o = outcome();
    var nodes = [el('h1', { text: data.title, tabindex: '-1' })];
    if (!quizzed.length) { set('cmi.core.lesson_status', 'completed'); commit(); }
    if (o.done && o.score !== null) nodes.push(el('p', { class: 'score', text: say('course_score', { score: o.score }) }));
    nodes.push(el('p', { text: o.done && o.passed ? words.course_passed : words.course_failed }));
    var finish = el('button', { type: 'button', text: words.finish });
    finish.onclick = function () { end(); main.textContent = ''; main.appendChild(el('p', { class: 'done', text: words.finished })); };
    nodes.push(finish);
    return nodes;
  }

  function go(to) {
    page = Math.max(0, Math.min(pages.length - 1, to));
    set('cmi.core.lesson_location', page);
    commit();
    var p = pages[page];
    main.textContent = '';
    var nodes = p.kind === 'lesson' ? lessonPage(p) : p.kind === 'quiz' ? quizPage(p) : resultPage();
    nodes.forEach(function (n) { main.appendChild(n); });
    if (p.kind !== 'result') main.appendChild(nav());
    else if (page > 0) main.appendChild(nav());
    var heading = main.querySelector('h1');
    if (heading) heading.focus();
    window.scrollTo(0, 0);
  }

  function end() {
    if (!live || finished) return;
    finished = true;
    var o = outcome();
    set('cmi.core.exit', o.done ? '' : 'suspend');
    commit();
    api.LMSFinish('');
  }
  window.addEventListener('pagehide', end);
  window.addEventListener('beforeunload', end);
  go(page);
})();
`;
