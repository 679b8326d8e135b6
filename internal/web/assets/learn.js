// pref serve's Learn page: one lesson shown at a time; a question's choice
// is posted to the server, which checks it (the page never holds the right
// answer); the lesson reached and the answers are kept in this browser
// (localStorage), so a reload or a later visit goes on where the learner
// left off. Without this script the page is the whole course at once and
// each answer is a form posted.
"use strict";
(() => {
  const root = document.querySelector("[data-learn]");
  if (!root) return;
  const key = root.dataset.learn;
  const lessons = [...root.querySelectorAll("[data-lesson]")];
  let state = { at: 0, reached: 0, answers: {} };
  try {
    const kept = JSON.parse(localStorage.getItem(key) || "null");
    if (kept && typeof kept === "object") state = Object.assign(state, kept);
  } catch (e) { /* nothing kept, or not readable: start at the first lesson */ }
  const save = () => { try { localStorage.setItem(key, JSON.stringify(state)); } catch (e) { /* storage refused: the place is not kept */ } };
  const clamp = (n) => Math.max(0, Math.min(lessons.length - 1, n | 0));

  // settled reports whether every question of lesson n has been answered
  // right or missed twice: the learner goes on by answering.
  const settled = (n) => [...lessons[n].querySelectorAll("[data-question]")].every((f) => {
    const a = state.answers[n + "." + f.dataset.question];
    return a && a.settled;
  });

  const drawQuestion = (n, form) => {
    const a = state.answers[n + "." + form.dataset.question];
    if (!a) return;
    const said = form.querySelector(".said");
    said.textContent = (a.right ? "✓ " : "✗ ") + a.said;
    said.className = "said " + (a.right ? "right" : "wrong");
    for (const b of form.querySelectorAll("[data-answer]")) {
      const i = Number(b.dataset.answer);
      if ((a.wrong || []).includes(i)) { b.dataset.verdict = "wrong"; b.setAttribute("aria-label", b.textContent + ": not right"); }
      if (a.settled && i === a.answer) { b.dataset.correct = ""; b.dataset.verdict = "right"; b.setAttribute("aria-label", b.textContent + ": the answer"); }
      b.disabled = a.settled || (a.wrong || []).includes(i);
    }
    form.querySelector('[name="miss"]').value = a.wrong && a.wrong.length ? "1" : "0";
  };

  const drawSteps = (n) => {
    const next = lessons[n].querySelector("[data-next]");
    const ok = settled(n);
    if (next) {
      next.classList.toggle("locked", !ok);
      if (ok) next.removeAttribute("aria-disabled"); else next.setAttribute("aria-disabled", "true");
    }
    const wait = lessons[n].querySelector(".waiting");
    if (wait) wait.hidden = ok;
  };

  const drawContents = () => {
    const reached = root.querySelector(".contents .reached");
    if (reached) reached.textContent = "(lesson " + (state.at + 1) + " of " + lessons.length + ")";
    for (const li of root.querySelectorAll("[data-to]")) {
      const n = Number(li.dataset.to);
      li.classList.toggle("current", n === state.at);
      li.classList.toggle("ahead", n > state.reached);
      const a = li.querySelector("a");
      if (n === state.at) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current");
      if (n > state.reached) a.setAttribute("aria-disabled", "true"); else a.removeAttribute("aria-disabled");
    }
  };

  const show = (n, focus) => {
    n = clamp(n);
    if (n > state.reached) return; // a lesson further on opens by answering the ones before it
    state.at = n;
    lessons.forEach((l, i) => { l.hidden = i !== n; });
    lessons[n].querySelectorAll("[data-question]").forEach((f) => drawQuestion(n, f));
    drawSteps(n);
    drawContents();
    save();
    if (focus) {
      lessons[n].querySelector(".part").setAttribute("tabindex", "-1");
      lessons[n].querySelector(".part").focus();
      window.scrollTo(0, lessons[n].offsetTop - 8);
    }
  };

  const goNext = () => {
    const n = state.at;
    if (n + 1 >= lessons.length || !settled(n)) return;
    state.reached = Math.max(state.reached, n + 1);
    show(n + 1, true);
  };

  root.addEventListener("click", (ev) => {
    const link = ev.target.closest("a");
    if (!link) return;
    if (link.matches("[data-next]")) { ev.preventDefault(); goNext(); return; }
    if (link.matches("[data-prev]")) { ev.preventDefault(); show(state.at - 1, true); return; }
    const to = link.closest("[data-to]");
    if (to) { ev.preventDefault(); show(Number(to.dataset.to), true); }
  });

  root.addEventListener("submit", async (ev) => {
    const form = ev.target.closest("[data-question]");
    if (!form) return;
    ev.preventDefault();
    const button = ev.submitter;
    if (!button || !button.matches("[data-answer]")) return;
    const n = Number(form.querySelector('[name="lesson"]').value);
    const id = n + "." + form.dataset.question;
    const body = new URLSearchParams(new FormData(form));
    body.set("choice", button.value);
    const said = form.querySelector(".said");
    let v;
    try {
      const res = await fetch("/learn/answer", { method: "POST", body, headers: { "X-Pref": "fragment" } });
      if (!res.ok) throw new Error((await res.text()).trim());
      v = await res.json();
    } catch (e) {
      said.textContent = "The answer could not be checked: " + e.message;
      return;
    }
    const a = state.answers[id] || { wrong: [] };
    if (!v.right) a.wrong = [...(a.wrong || []), Number(button.value)];
    Object.assign(a, { right: v.right, settled: v.settled, said: v.said, answer: v.answer });
    state.answers[id] = a;
    save();
    drawQuestion(n, form);
    drawSteps(n);
    if (v.settled) {
      const open = [...lessons[n].querySelectorAll("[data-question]")].find((f) => !(state.answers[n + "." + f.dataset.question] || {}).settled);
      const target = open ? open.querySelector("[data-answer]:not(:disabled)") : lessons[n].querySelector("[data-next], [data-play]");
      if (target) target.focus();
    } else {
      const again = form.querySelector("[data-answer]:not(:disabled)");
      if (again) again.focus();
    }
  });

  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.matches("input, textarea")) return;
    if (ev.key === "ArrowRight") { goNext(); } else if (ev.key === "ArrowLeft") { show(state.at - 1, true); }
  });

  const hash = /^#lesson-(\d+)$/.exec(location.hash);
  state.at = clamp(state.at);
  state.reached = clamp(state.reached);
  show(hash && Number(hash[1]) <= state.reached ? Number(hash[1]) : state.at, false);
  // on a phone the contents are folded, the lesson first
  const details = root.querySelector(".contents details");
  if (details && window.matchMedia("(max-width: 899px)").matches) details.open = false;
  root.classList.add("scripted");
})();
