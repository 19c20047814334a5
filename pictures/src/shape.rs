//! What a picture is made of: rounded boxes and lines of text, placed in pixels.

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Anchor {
    Start,
    Middle,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        r: f32,
        fill: &'static str,
        stroke: Option<(&'static str, f32)>,
    },
    Text {
        x: f32,
        y: f32,
        size: f32,
        bold: bool,
        fill: &'static str,
        anchor: Anchor,
        text: String,
    },
}

impl Shape {
    pub(crate) fn shifted(mut self, dx: f32, dy: f32) -> Shape {
        match &mut self {
            Shape::Rect { x, y, .. } | Shape::Text { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
        }
        self
    }
}

pub(crate) fn rect(
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    r: f32,
    fill: &'static str,
    stroke: Option<(&'static str, f32)>,
) -> Shape {
    Shape::Rect {
        x,
        y,
        w,
        h,
        r,
        fill,
        stroke,
    }
}

pub(crate) fn text(
    x: f32,
    y: f32,
    size: f32,
    bold: bool,
    fill: &'static str,
    text: String,
) -> Shape {
    Shape::Text {
        x,
        y,
        size,
        bold,
        fill,
        anchor: Anchor::Start,
        text,
    }
}

pub(crate) fn centred(
    x: f32,
    y: f32,
    size: f32,
    bold: bool,
    fill: &'static str,
    text: String,
) -> Shape {
    Shape::Text {
        x,
        y,
        size,
        bold,
        fill,
        anchor: Anchor::Middle,
        text,
    }
}
