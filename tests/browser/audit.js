// The accessibility audit run on every screen by test_accessibility.py (see its docstring
// for the rules). Returns a list of problems as strings, each "<category>: <what> <measure>".
(viewportWidth) => {
  "use strict";
  const problems = [];
  // The width the test asked for: under mobile emulation window.innerWidth grows to fit
  // content that sticks out, so it would hide the very overflow being looked for.
  const W = viewportWidth || document.documentElement.clientWidth;
  const TAP = 44;

  const style = (el) => getComputedStyle(el);
  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  // Visually hidden on purpose (.sr-only and the like): a 1px box that clips its content.
  const clippedAway = (el) => {
    for (let e = el; e && e !== document.documentElement; e = e.parentElement) {
      const r = box(e);
      const s = style(e);
      if ((r.width <= 1 || r.height <= 1) && (s.overflow !== "visible" || s.clip !== "auto")) {
        return true;
      }
    }
    return false;
  };
  const seen = (el) => shown(el) && !clippedAway(el);
  const text = (el) => (el.innerText || el.textContent || el.value || "").replace(/\s+/g, " ").trim();
  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    const cls = (el.getAttribute("class") || "").trim();
    if (cls) s += "." + cls.split(/\s+/).join(".");
    if (el.tagName === "INPUT") s += `[type=${el.type}]`;
    if (el.name) s += `[name=${el.name}]`;
    const t = text(el).slice(0, 40);
    if (t) s += ` "${t}"`;
    return s;
  };
  const px = (n) => `${Math.round(n * 10) / 10}px`;

  // 1. No horizontal scrolling.
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > W) {
    const scrolls = (e) => ["auto", "scroll", "hidden", "clip"].includes(style(e).overflowX);
    const wide = [...document.body.querySelectorAll("*")].filter((el) => {
      if (!shown(el) || box(el).right <= W + 0.5) return false;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (scrolls(a)) return false;
      }
      return true;
    });
    const leaves = wide.filter((el) => !wide.some((o) => o !== el && el.contains(o)));
    problems.push(
      `scroll: page is ${scrollWidth}px wide in a ${W}px viewport; sticking out: ` +
        leaves.slice(0, 5).map((el) => `${describe(el)} (right edge ${px(box(el).right)})`).join("; ")
    );
  }

  // 2. Every control has an accessible name.
  const CONTROLS = 'input:not([type=hidden]), select, textarea, button';
  const nameOf = (c) => {
    const aria = (c.getAttribute("aria-label") || "").trim();
    if (aria) return aria;
    const ids = (c.getAttribute("aria-labelledby") || "").split(/\s+/).filter(Boolean);
    const byIds = ids.map((id) => document.getElementById(id)).filter(Boolean).map((e) => e.textContent).join(" ").trim();
    if (byIds) return byIds;
    for (const label of c.labels || []) {
      if (label.textContent.trim()) return label.textContent.trim();
    }
    if (c.tagName === "BUTTON") {
      const inner = c.textContent.trim() || [...c.querySelectorAll("img[alt]")].map((i) => i.alt).join(" ").trim();
      if (inner) return inner;
    }
    if (c.tagName === "INPUT" && ["submit", "reset", "button"].includes(c.type) && c.value.trim()) return c.value.trim();
    if (c.tagName === "INPUT" && c.type === "image" && (c.alt || "").trim()) return c.alt.trim();
    return (c.getAttribute("title") || "").trim();
  };
  for (const c of document.querySelectorAll(CONTROLS)) {
    if (shown(c) && !nameOf(c)) problems.push(`name: ${describe(c)} has no accessible name`);
  }

  // 3. Tap targets.
  const TEXTY = new Set(["P", "LI", "DD", "DT", "SPAN", "SMALL", "B", "STRONG", "EM", "I",
    "FIGCAPTION", "CAPTION", "LABEL", "LEGEND"]);
  const boxy = (el) => /(flex|grid)/.test(style(el).display);
  const wordsBeside = (child) =>
    [...child.parentElement.childNodes].some((n) => n !== child && n.textContent.trim() &&
      (n.nodeType === Node.TEXT_NODE || (n.nodeType === Node.ELEMENT_NODE && style(n).display.startsWith("inline"))));
  const inlineLink = (a) => {
    if (a.classList.contains("button") || a.closest("nav")) return false;
    if (a.closest("td, th")) return true;
    for (let e = a; e.parentElement && TEXTY.has(e.parentElement.tagName) && !boxy(e.parentElement); e = e.parentElement) {
      if (wordsBeside(e)) return true;
    }
    return false;
  };
  const TEXT_INPUTS = new Set(["text", "password", "email", "number", "search", "tel", "url", "date",
    "datetime-local", "month", "time", "week", "file", "color", "range", "submit", "reset", "button", "image"]);
  const targets = new Map();  // area element -> control it stands for
  for (const el of document.querySelectorAll("button, select, textarea, input, a[href], summary")) {
    if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio")) {
      const area = el.closest("label") || el;
      if (seen(area)) targets.set(area, el);
      continue;
    }
    if (el.tagName === "INPUT" && !TEXT_INPUTS.has(el.type)) continue;
    if (el.tagName === "A" && inlineLink(el)) continue;
    if (seen(el)) targets.set(el, el);
  }
  for (const [area, control] of targets) {
    const r = box(area);
    if (r.width + 0.01 < TAP || r.height + 0.01 < TAP) {
      const via = area === control ? "" : ` (clickable area of ${describe(control)})`;
      problems.push(`target: ${describe(area)}${via} is ${px(r.width)} x ${px(r.height)}`);
    }
  }

  // 4. AA contrast.
  const parse = (value) => {
    const m = /rgba?\(([^)]+)\)/.exec(value || "");
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const channel = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  const luminance = (c) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const ratio = (x, y) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The background behind el: its own and its ancestors' colours down to the first opaque
  // one; null when a background image is in the way (unknown).
  const backgroundOf = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const s = style(e);
      if (s.backgroundImage !== "none") return null;
      const c = parse(s.backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let bg = parse(style(document.body).backgroundColor);
    if (!bg || bg.a < 1) bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg;
  };
  const opacityOf = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= parseFloat(style(e).opacity);
    return o;
  };
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "OPTION", "OPTGROUP", "TITLE", "DESC"]);
  const check = (el, what, colour) => {
    const s = style(el);
    const fg = parse(colour);
    const bg = backgroundOf(el);
    if (!fg || !bg) return;
    const seenFg = over({ ...fg, a: fg.a * opacityOf(el) }, bg);
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && parseInt(s.fontWeight, 10) >= 700);
    const need = large ? 3 : 4.5;
    const got = ratio(seenFg, bg);
    if (got + 1e-6 < need) {
      const rgb = (c) => `rgb(${Math.round(c.r)},${Math.round(c.g)},${Math.round(c.b)})`;
      problems.push(`contrast: ${what} ${got.toFixed(2)}:1 < ${need}:1 (${rgb(seenFg)} on ${rgb(bg)}, ${px(size)})`);
    }
  };
  for (const el of document.body.querySelectorAll("*")) {
    if (SKIP.has(el.tagName.toUpperCase())) continue;
    if (el.closest(":disabled")) continue;  // inactive controls are exempt (WCAG 1.4.3)
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
    if (!own || !seen(el)) continue;
    const colour = el instanceof SVGElement ? style(el).fill : style(el).color;
    check(el, describe(el), colour);
  }
  for (const c of document.querySelectorAll("input, select, textarea")) {
    if (!seen(c) || c.disabled || !TEXT_INPUTS.has(c.type) && c.tagName === "INPUT") continue;
    if (["submit", "reset", "button", "image", "file", "color", "range"].includes(c.type)) continue;
    if (c.value) {
      check(c, `${describe(c)} value`, style(c).color);
    } else if (c.placeholder) {
      check(c, `${describe(c)} placeholder`, getComputedStyle(c, "::placeholder").color);
    }
  }
  return problems;
}
