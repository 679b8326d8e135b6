// pref serve: the Author page's script. As the text is typed it posts it
// (a moment after the last key) to /author/validate, which checks it as
// pref validate checks a file, and marks each mistake's line in the
// gutter; then it asks for the parts that follow the text (the mistakes
// listed, the diff, the rulebook). Without it the Check button posts the
// form and the page is drawn again.
"use strict";
(function () {
  var text = document.getElementById("text");
  var gutter = document.getElementById("gutter");
  var nameField = document.getElementById("name");
  if (!text || !gutter) return;
  var marked = {}; // line -> messages

  function drawGutter() {
    var lines = text.value.split("\n").length;
    var out = [];
    for (var i = 1; i <= lines; i++) {
      var cls = marked[i] ? ' class="bad" title="' + escapeHTML(marked[i].join("; ")) + '"' : "";
      out.push("<div" + cls + ">" + (marked[i] ? "✕ " : "") + i + "</div>");
    }
    gutter.innerHTML = out.join("");
    gutter.scrollTop = text.scrollTop;
  }

  function escapeHTML(s) {
    return s.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }

  function markFromList() {
    marked = {};
    document.querySelectorAll("[data-mistake]").forEach(function (el) {
      var line = +el.dataset.line;
      if (line > 0) (marked[line] = marked[line] || []).push(el.textContent);
    });
    drawGutter();
  }

  // goTo puts the caret at a line and column of the text.
  function goTo(line, col) {
    var lines = text.value.split("\n");
    var at = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    at += Math.max(0, col - 1);
    text.focus();
    text.setSelectionRange(at, at);
    var lh = parseFloat(getComputedStyle(text).lineHeight) || 18;
    text.scrollTop = Math.max(0, (line - 3) * lh);
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      body: body,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
      credentials: "same-origin",
    });
  }

  var seq = 0;
  function check() {
    var mine = ++seq;
    var body = text.value;
    post("/author/validate", body).then(function (res) {
      if (!res.ok) return res.text().then(function (t) { throw new Error(t); });
      return res.json();
    }).then(function (list) {
      if (mine !== seq) return; // typed since: a newer answer comes
      marked = {};
      list.forEach(function (m) {
        if (m.line > 0 && !m.file) (marked[m.line] = marked[m.line] || []).push(m.message);
      });
      drawGutter();
      return post("/author/parts?name=" + encodeURIComponent(nameField ? nameField.value : ""), body).then(function (res) {
        return res.text().then(function (html) {
          if (!res.ok) throw new Error(html);
          if (mine !== seq) return;
          var holder = document.createElement("div");
          holder.innerHTML = html;
          var fresh = holder.querySelector("#parts");
          var old = document.getElementById("parts");
          if (fresh && old) {
            var open = old.querySelector("details[open]");
            if (open && fresh.querySelector("details")) fresh.querySelector("details").open = true;
            old.replaceWith(fresh);
          }
        });
      });
    }).catch(function (err) {
      var list = document.getElementById("mistakes");
      if (list && mine === seq) list.textContent = err.message;
    });
  }

  var timer = null;
  text.addEventListener("input", function () {
    drawGutter();
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
  text.addEventListener("scroll", function () { gutter.scrollTop = text.scrollTop; });
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest && ev.target.closest("[data-goto]");
    if (!a) return;
    ev.preventDefault();
    var li = a.closest("[data-mistake]");
    goTo(+li.dataset.line, +li.dataset.col);
  });
  markFromList();
})();
