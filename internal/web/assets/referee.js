// pref serve: the referee's script. The step buttons (and ←/→, Home/End)
// fetch the record's step alone and put it in place, the address kept in
// step with it. Without it the page still works: each button is a link.
"use strict";
(function () {
  function page() { return document.getElementById("referee"); }

  var busy = false;
  function go(url, name) {
    if (!url || busy) return;
    busy = true;
    fetch(url, { headers: { "X-Pref": "fragment" }, credentials: "same-origin" })
      .then(function (res) {
        return res.text().then(function (text) {
          if (!res.ok) throw new Error(text);
          var holder = document.createElement("div");
          holder.innerHTML = text;
          var fresh = holder.querySelector("#referee");
          if (!fresh) throw new Error("no step in the answer");
          var open = page().querySelector(".arithmetic[open]");
          if (open && fresh.querySelector(".arithmetic")) fresh.querySelector(".arithmetic").open = true;
          page().replaceWith(fresh);
          history.replaceState(null, "", url);
          var again = name && fresh.querySelector('a[data-nav="' + name + '"]');
          if (again) again.focus({ preventScroll: true });
        });
      })
      .catch(function (err) {
        var words = page() && page().querySelector(".words");
        if (words) words.textContent = "pref: " + err.message;
      })
      .finally(function () { busy = false; });
  }

  function nav(name) {
    var el = page() && page().querySelector('a[data-nav="' + name + '"]');
    if (el) go(el.getAttribute("href"));
  }

  document.addEventListener("click", function (ev) {
    var a = ev.target && ev.target.closest && ev.target.closest("a[data-nav]");
    if (!a || !page() || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    go(a.getAttribute("href"), a.dataset.nav);
  });

  document.addEventListener("keydown", function (ev) {
    if (!page() || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    switch (ev.key) {
      case "ArrowLeft": case "h": nav("back"); break;
      case "ArrowRight": case "l": nav("forward"); break;
      case "Home": nav("first"); break;
      case "End": nav("last"); break;
      default: return;
    }
    ev.preventDefault();
  });
})();
