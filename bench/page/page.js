// The file table of `sift bench`'s index.html. Filtering and sorting work on arrays of file indices, never on
// the DOM; only the rows in view (and a margin) are in the table, so a run of many thousand files stays
// quick. The view's state lives in the address's fragment (sort=…&logic=…), so that a link reproduces it.
(function () {
  'use strict';

  var D = JSON.parse(document.getElementById('bench-data').textContent);
  var files = D.files, N = files.length, S = D.solvers.length;
  var OVERSCAN = 30; // rows rendered above and below the visible ones
  var EVERY = '*'; // the "every solver" choice of the answer filter
  var PATH_MIN = 340; // px

  var $ = function (id) { return document.getElementById(id); };
  var scroller = $('scroller'), table = $('table'), thead = $('thead'), tbody = $('tbody');

  // Columns of the table; a solver's three share its index.
  var cols = [
    { key: 'path', label: 'file', cls: 'c-path' },
    { key: 'logic', label: 'logic', cls: 'c-logic' },
    { key: 'family', label: 'family', cls: 'c-family' },
    { key: 'expected', label: 'expected', cls: 'c-exp' }
  ];
  D.solvers.forEach(function (name, s) {
    cols.push({ key: name + ':answer', label: 'answer', cls: 'c-ans s-first', solver: s, field: 'answer' });
    cols.push({ key: name + ':time', label: 'time s', cls: 'c-num', solver: s, field: 'time' });
    cols.push({ key: name + ':memory', label: 'MiB', cls: 'c-num', solver: s, field: 'memory' });
  });
  var colByKey = {};
  cols.forEach(function (c, i) { colByKey[c.key] = i; });

  var lowerPaths = files.map(function (f) { return f.path.toLowerCase(); });
  var pathIndex = new Map(files.map(function (f, i) { return [f.path, i]; }));

  function solved(c) { return !!c && !c.wrong && (c.result === 'sat' || c.result === 'unsat'); }

  // Sort keys, one Float64Array per column, made on first use. NaN (no record) sorts last either way.
  var ANSWER_RANK = { sat: 1, unsat: 2, unknown: 3, timeout: 4, error: 5 };
  var EXPECTED_RANK = { sat: 0, unsat: 1, unknown: 2 };
  var keys = {};
  function sortKey(ci) {
    if (keys[ci]) return keys[ci];
    var c = cols[ci], k = new Float64Array(N);
    for (var i = 0; i < N; i++) {
      var f = files[i];
      if (c.solver === undefined) {
        k[i] = c.key === 'path' ? i : c.key === 'logic' ? f.logic : c.key === 'family' ? f.family
          : (EXPECTED_RANK[f.expected] === undefined ? 3 : EXPECTED_RANK[f.expected]);
        continue;
      }
      var cell = f.cells[c.solver];
      if (!cell) { k[i] = NaN; continue; }
      k[i] = c.field === 'answer' ? (cell.wrong ? 0 : ANSWER_RANK[cell.result] || 6)
        : c.field === 'time' ? cell.wall_s : cell.max_rss_kb;
    }
    return (keys[ci] = k);
  }

  // The view's state, as in the fragment; the defaults are left out of it.
  var DEFAULTS = { q: '', logic: '', family: '', solver: '', answer: '', sort: '', dir: 'asc', log: '', logsolver: '' };
  var st = Object.assign({}, DEFAULTS);

  function readHash() {
    var h = location.hash.slice(1);
    if (h.indexOf('=') < 0) return false; // a plain anchor such as #plots
    var p = new URLSearchParams(h);
    Object.keys(DEFAULTS).forEach(function (k) { st[k] = p.has(k) ? p.get(k) : DEFAULTS[k]; });
    return true;
  }
  function writeHash() {
    var p = new URLSearchParams();
    Object.keys(DEFAULTS).forEach(function (k) { if (st[k] !== DEFAULTS[k]) p.set(k, st[k]); });
    var h = p.toString();
    if (h === '' && location.hash.indexOf('=') < 0) return; // leave a plain anchor alone
    history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
  }

  // Filtering.
  function cellIs(c, want) {
    if (!c) return false;
    switch (want) {
      case 'solved': return solved(c);
      case 'unsolved': return !solved(c);
      case 'wrong': return !!c.wrong;
      default: return c.result === want;
    }
  }
  function answerMatches(f) {
    var want = st.answer;
    if (want === 'disagree') {
      var sat = false, unsat = false;
      f.cells.forEach(function (c) { if (c) { sat = sat || c.result === 'sat'; unsat = unsat || c.result === 'unsat'; } });
      return sat && unsat;
    }
    if (st.solver === EVERY) return f.cells.every(function (c) { return cellIs(c, want); });
    if (st.solver !== '') {
      var s = D.solvers.indexOf(st.solver);
      return s >= 0 && cellIs(f.cells[s], want);
    }
    return f.cells.some(function (c) { return cellIs(c, want); });
  }

  // orderOf is every file in the order of column ci, made once per column and direction: after that a sort or
  // a filter is one pass over it. Ties stay in path order.
  var orders = {};
  function orderOf(ci, desc) {
    var id = ci + (desc ? 'd' : 'a');
    if (orders[id]) return orders[id];
    var k = sortKey(ci), sign = desc ? -1 : 1, o = new Int32Array(N);
    for (var i = 0; i < N; i++) o[i] = i;
    o.sort(function (a, b) {
      var x = k[a], y = k[b];
      if (x !== x) return y !== y ? a - b : 1;
      if (y !== y) return -1;
      return (x - y) * sign || a - b;
    });
    return (orders[id] = o);
  }

  var view = new Int32Array(0);
  function filterAndSort() {
    var q = st.q.toLowerCase(), logic = D.logics.indexOf(st.logic), family = D.families.indexOf(st.family);
    var ci = colByKey[st.sort], order = ci === undefined ? null : orderOf(ci, st.dir === 'desc');
    var out = new Int32Array(N), n = 0;
    for (var r = 0; r < N; r++) {
      var i = order ? order[r] : r, f = files[i];
      if (st.logic !== '' && f.logic !== logic) continue;
      if (st.family !== '' && f.family !== family) continue;
      if (q !== '' && lowerPaths[i].indexOf(q) < 0) continue;
      if (st.answer !== '' && !answerMatches(f)) continue;
      out[n++] = i;
    }
    view = out.slice(0, n);
  }

  // Rendering.
  function fmtTime(t) { return t < 1 ? t.toFixed(3) : t < 100 ? t.toFixed(2) : t.toFixed(1); }
  function fmtMiB(kb) { if (!kb) return '–'; var m = kb / 1024; return m < 100 ? m.toFixed(1) : Math.round(m).toString(); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function buildHead() {
    var cg = $('cols');
    cols.forEach(function (c) { cg.appendChild(el('col', c.cls)); });
    // Past the fixed columns the path gets the rest, and at least PATH_MIN: many solvers scroll sideways.
    var fixed = 0;
    cg.querySelectorAll('col').forEach(function (c) { fixed += parseFloat(getComputedStyle(c).width) || 0; });
    table.style.minWidth = Math.ceil(fixed + PATH_MIN) + 'px';
    var r1 = el('tr', 'grp'), r2 = el('tr', 'labels');
    var lead = el('th', 'g-file', N + ' files');
    lead.colSpan = 4;
    r1.appendChild(lead);
    D.solvers.forEach(function (name) {
      var th = el('th', 'g-solver s-first', name);
      th.colSpan = 3;
      r1.appendChild(th);
    });
    cols.forEach(function (c, i) {
      var th = el('th', c.cls + ' sortable');
      th.dataset.col = c.key;
      th.appendChild(el('span', '', c.label));
      th.appendChild(el('span', 'arrow', ''));
      th.title = 'sort by ' + (c.solver === undefined ? c.label : D.solvers[c.solver] + ' ' + c.label);
      th.tabIndex = 0;
      r2.appendChild(th);
    });
    thead.appendChild(r1);
    thead.appendChild(r2);
    thead.addEventListener('keydown', function (e) {
      if ((e.key === 'Enter' || e.key === ' ') && e.target.dataset.col) { e.preventDefault(); e.target.click(); }
    });
    thead.addEventListener('click', function (e) {
      var th = e.target.closest('th[data-col]');
      if (!th) return;
      var k = th.dataset.col;
      if (st.sort === k) st.dir = st.dir === 'asc' ? 'desc' : 'asc';
      else { st.sort = k; st.dir = 'asc'; }
      update(false);
    });
  }

  function markSort() {
    thead.querySelectorAll('th[data-col]').forEach(function (th) {
      var on = th.dataset.col === st.sort;
      th.classList.toggle('sorted', on);
      if (on) th.setAttribute('aria-sort', st.dir === 'desc' ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
      th.lastChild.textContent = on ? (st.dir === 'desc' ? ' ▼' : ' ▲') : '';
    });
  }

  function rowFor(i) {
    var f = files[i], tr = el('tr', 'row');
    tr.dataset.i = i;
    var p = el('td', 'c-path', f.path);
    p.title = f.path;
    tr.appendChild(p);
    tr.appendChild(el('td', 'c-logic', D.logics[f.logic]));
    var fam = el('td', 'c-family', D.families[f.family]);
    fam.title = D.families[f.family];
    tr.appendChild(fam);
    tr.appendChild(el('td', 'c-exp', f.expected === 'unknown' ? '–' : f.expected));
    var best = Infinity;
    if (S > 1) f.cells.forEach(function (c) { if (solved(c) && c.wall_s < best) best = c.wall_s; });
    for (var s = 0; s < S; s++) {
      var c = f.cells[s];
      if (!c) {
        for (var j = 0; j < 3; j++) tr.appendChild(el('td', (j ? 'c-num' : 'c-ans s-first') + ' none', '–'));
        continue;
      }
      var a = el('td', 'c-ans s-first');
      var tag = el('span', 'ans ' + (c.wrong ? 'wrong' : c.result), c.wrong ? c.result + ' ✗' : c.result);
      if (c.wrong) tag.title = 'wrong: the expected status is ' + f.expected;
      else if (c.errors_printed) tag.title = 'answered after (error …) responses';
      a.appendChild(tag);
      if (c.errors_printed) a.appendChild(el('span', 'errs', '!'));
      a.dataset.s = s;
      tr.appendChild(a);
      var t = el('td', 'c-num' + (solved(c) ? '' : ' dim') + (c.wall_s === best ? ' best' : ''), fmtTime(c.wall_s));
      t.title = 'wall ' + c.wall_s + ' s, CPU ' + c.cpu_s.toFixed(3) + ' s' + (c.runs.length > 1 ? ' (medians of ' + c.runs.length + ' runs)' : '');
      t.dataset.s = s;
      tr.appendChild(t);
      var m = el('td', 'c-num', fmtMiB(c.max_rss_kb));
      m.dataset.s = s;
      tr.appendChild(m);
    }
    return tr;
  }

  var rowH = 0, shown = [-1, -1];
  function spacer(h) {
    var tr = el('tr', 'spacer'), td = el('td');
    td.colSpan = cols.length;
    tr.style.height = h + 'px';
    tr.appendChild(td);
    return tr;
  }
  function render(force) {
    var h = rowH || 28;
    var top = Math.max(0, scroller.scrollTop - thead.offsetHeight);
    var visible = Math.max(scroller.clientHeight, window.innerHeight);
    var first = Math.max(0, Math.floor(top / h) - OVERSCAN);
    var last = Math.min(view.length, Math.ceil((top + visible) / h) + OVERSCAN);
    if (!force && first === shown[0] && last === shown[1]) return;
    shown = [first, last];
    var frag = document.createDocumentFragment();
    if (first > 0) frag.appendChild(spacer(first * h));
    for (var r = first; r < last; r++) frag.appendChild(rowFor(view[r]));
    if (last < view.length) frag.appendChild(spacer((view.length - last) * h));
    if (view.length === 0) {
      var none = el('tr', 'empty'), td = el('td', '', 'No file matches the filters.');
      td.colSpan = cols.length;
      none.appendChild(td);
      frag.appendChild(none);
    }
    tbody.replaceChildren(frag);
    if (!rowH) {
      var row = tbody.querySelector('tr.row');
      if (row) { rowH = row.getBoundingClientRect().height || 28; render(true); }
    }
  }
  var pending = false;
  scroller.addEventListener('scroll', function () {
    if (pending) return;
    pending = true;
    requestAnimationFrame(function () { pending = false; render(false); });
  });
  window.addEventListener('resize', function () { render(true); });

  // The output panel.
  function showLog() {
    var panel = $('log'), i = pathIndex.get(st.log);
    if (i === undefined) { panel.hidden = true; return; }
    var f = files[i], body = $('log-body');
    $('log-title').textContent = f.path;
    body.replaceChildren();
    var info = el('p', 'log-info', D.logics[f.logic] + ' · ' + D.families[f.family] + ' · expected ' + f.expected);
    body.appendChild(info);
    D.solvers.forEach(function (name, s) {
      if (st.logsolver !== '' && st.logsolver !== name) return;
      var c = f.cells[s], sec = el('section', 'log-solver');
      var h = el('h3', '', name + ' ');
      if (c) h.appendChild(el('span', 'ans ' + (c.wrong ? 'wrong' : c.result), c.wrong ? c.result + ' ✗ wrong' : c.result));
      sec.appendChild(h);
      if (!c) { sec.appendChild(el('p', 'dim', 'no run on record')); body.appendChild(sec); return; }
      c.runs.forEach(function (r) {
        var d = el('div', 'run');
        var how = r.killed ? 'killed at the limit' : r.signal ? 'signal: ' + r.signal : 'exit ' + r.exit_code;
        d.appendChild(el('p', 'run-line', (c.runs.length > 1 ? 'run ' + r.repeat + ': ' : '') + r.result +
          ' · wall ' + fmtTime(r.wall_s) + ' s · CPU ' + fmtTime(r.cpu_s) + ' s · ' + fmtMiB(r.max_rss_kb) + ' MiB · ' + how));
        if (r.command) d.appendChild(el('pre', 'cmd', r.command.join(' ')));
        d.appendChild(el('h4', '', 'stdout (head)'));
        d.appendChild(el('pre', r.stdout ? 'out' : 'out empty', r.stdout || '(empty)'));
        d.appendChild(el('h4', '', 'stderr (head)'));
        d.appendChild(el('pre', r.stderr ? 'out' : 'out empty', r.stderr || '(empty)'));
        sec.appendChild(d);
      });
      body.appendChild(sec);
    });
    panel.hidden = false;
  }
  function closeLog() { st.log = ''; st.logsolver = ''; writeHash(); showLog(); }
  $('log-close').addEventListener('click', closeLog);
  document.addEventListener('keydown', function (e) { if (e.key === 'Escape' && !$('log').hidden) closeLog(); });
  tbody.addEventListener('click', function (e) {
    var td = e.target.closest('td'), tr = td && td.parentNode;
    if (!tr || !tr.dataset.i) return;
    var f = files[+tr.dataset.i];
    if (td.dataset.s !== undefined) { st.log = f.path; st.logsolver = D.solvers[+td.dataset.s]; }
    else if (td.classList.contains('c-path')) { st.log = f.path; st.logsolver = ''; }
    else return;
    writeHash();
    showLog();
  });

  // Filters.
  function fillSelect(id, names) {
    var sel = $(id);
    names.forEach(function (n) { var o = el('option', '', n); o.value = n; sel.appendChild(o); });
  }
  fillSelect('f-logic', D.logics);
  fillSelect('f-family', D.families);
  (function () {
    var every = el('option', '', 'every solver');
    every.value = EVERY;
    $('f-solver').appendChild(every);
    fillSelect('f-solver', D.solvers);
  })();
  var inputs = { q: $('f-q'), logic: $('f-logic'), family: $('f-family'), solver: $('f-solver'), answer: $('f-answer') };
  function showState() {
    Object.keys(inputs).forEach(function (k) { inputs[k].value = st[k]; });
  }
  var typing = 0; // typing in the path box filters once the keys pause
  Object.keys(inputs).forEach(function (k) {
    var input = inputs[k];
    if (k === 'q') {
      input.addEventListener('input', function () {
        clearTimeout(typing);
        typing = setTimeout(function () { st.q = input.value; update(true); }, 150);
      });
      return;
    }
    input.addEventListener('change', function () { st[k] = input.value; update(true); });
  });
  $('f-reset').addEventListener('click', function () {
    Object.keys(inputs).forEach(function (k) { st[k] = DEFAULTS[k]; });
    st.sort = DEFAULTS.sort; st.dir = DEFAULTS.dir;
    showState();
    update(true);
  });

  function fmtCount(n) { return n.toLocaleString('en-US'); }
  // update applies the state: filter, sort, draw the rows in view. Its cost is on the table as data-apply-ms.
  function update(toTop) {
    var t0 = performance.now();
    filterAndSort();
    if (toTop) scroller.scrollTop = 0;
    markSort();
    render(true);
    $('count').textContent = view.length === N ? fmtCount(N) + ' files' : fmtCount(view.length) + ' of ' + fmtCount(N) + ' files';
    table.dataset.shown = view.length;
    table.dataset.sort = st.sort ? st.sort + ' ' + st.dir : '';
    table.dataset.applyMs = (performance.now() - t0).toFixed(1);
    writeHash();
  }

  window.addEventListener('hashchange', function () {
    if (!readHash()) return;
    showState();
    update(true);
    showLog();
    $('files').scrollIntoView();
  });

  buildHead();
  readHash();
  showState();
  update(false);
  showLog();
  // Time from the start of navigation to the first full view: parsing the page and its data, filtering,
  // sorting and drawing.
  document.body.dataset.readyMs = performance.now().toFixed(1);
})();
