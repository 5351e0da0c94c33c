//! The page's files, embedded in the binary (no build step: plain HTML, CSS and JavaScript
//! modules under `crates/web/assets`).

/// An embedded file.
pub struct Asset {
    pub body: &'static [u8],
    pub content_type: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every file, by the path it is served at.
pub const FILES: &[(&str, Asset)] = &[
    ("/", Asset { body: include_bytes!("../assets/index.html"), content_type: HTML }),
    ("/assets/style.css", Asset { body: include_bytes!("../assets/style.css"), content_type: CSS }),
    ("/assets/favicon.svg", Asset { body: include_bytes!("../assets/favicon.svg"), content_type: SVG }),
    ("/assets/js/main.js", Asset { body: include_bytes!("../assets/js/main.js"), content_type: JS }),
    ("/assets/js/api.js", Asset { body: include_bytes!("../assets/js/api.js"), content_type: JS }),
    ("/assets/js/play.js", Asset { body: include_bytes!("../assets/js/play.js"), content_type: JS }),
    ("/assets/js/charts.js", Asset { body: include_bytes!("../assets/js/charts.js"), content_type: JS }),
    ("/assets/js/patterns.js", Asset { body: include_bytes!("../assets/js/patterns.js"), content_type: JS }),
    ("/assets/js/dom.js", Asset { body: include_bytes!("../assets/js/dom.js"), content_type: JS }),
];

/// The file served at `path` (`/index.html` is `/`).
pub fn get(path: &str) -> Option<&'static Asset> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES.iter().find(|(p, _)| *p == path).map(|(_, a)| a)
}
