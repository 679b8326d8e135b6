// pref serve: the table's script. It sends each click to the server and
// puts the table it answers with in place, and gives the keyboard the
// terminal's keys: arrows (or h/l) move between the choices, Enter or
// Space chooses, ? asks for a hint, u takes back, n deals the next deal.
// Without it the page still works: each click posts the form.
"use strict";
(function () {
  function table() { return document.getElementById("table"); }

  function focusFirst() {
    var t = table();
    if (!t) return;
    var log = t.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight; // the latest lines in view
    var el = t.querySelector('[data-legal="true"]') || t.querySelector('[data-tool="next"]');
    if (el) el.focus({ preventScroll: true });
  }

  function send(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var body = new URLSearchParams(data);
    return fetch(form.action, {
      method: "POST",
      body: body,
      headers: { "X-Pref": "fragment" },
      credentials: "same-origin",
    }).then(function (res) {
      return res.text().then(function (text) {
        if (!res.ok) throw new Error(text);
        var holder = document.createElement("div");
        holder.innerHTML = text;
        var fresh = holder.querySelector("#table");
        if (!fresh) throw new Error("no table in the answer");
        table().replaceWith(fresh);
        focusFirst();
      });
    }).catch(function (err) {
      var status = document.querySelector(".status");
      if (status) status.textContent = "pref: " + err.message;
    });
  }

  var busy = false;
  document.addEventListener("submit", function (ev) {
    if (!ev.target || ev.target.id !== "play") return;
    ev.preventDefault();
    if (busy) return;
    busy = true;
    send(ev.target, ev.submitter).finally(function () { busy = false; });
  });

  function choices() {
    var t = table();
    return t ? Array.prototype.slice.call(t.querySelectorAll("[data-card],[data-action]")) : [];
  }

  function move(step) {
    var list = choices();
    if (!list.length) return;
    var i = list.indexOf(document.activeElement);
    i = i < 0 ? 0 : (i + step + list.length) % list.length;
    list[i].focus();
  }

  function tool(name) {
    var el = table() && table().querySelector('[data-tool="' + name + '"]');
    if (el) el.click();
  }

  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    switch (ev.key) {
      case "ArrowLeft": case "ArrowUp": case "h": case "k": move(-1); break;
      case "ArrowRight": case "ArrowDown": case "l": case "j": move(1); break;
      case "?": tool("hint"); break;
      case "u": tool("back"); break;
      case "n": tool("next"); break;
      default: return;
    }
    ev.preventDefault();
  });

  document.addEventListener("DOMContentLoaded", focusFirst);
})();
