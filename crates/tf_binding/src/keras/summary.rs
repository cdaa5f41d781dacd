//! `model.summary()`: Keras 3's table as `rich` draws it on an 80-column terminal. A stack
//! of layers (Sequential, subclassed, or a functional chain) gets three columns; a
//! functional graph with branches, merges or shared layers gets a fourth, "Connected to".
//! Column widths follow Keras's `positions` and rich's `ratio_reduce`; cells wrap at spaces
//! as rich wraps them.

use lang::value::{Args, PyResult, Value};
use lang::vm::Vm;

use crate::keras::functional::graph_of;
use crate::keras::layers::{collect_weights, layer_of, sublayers, LayerData};
use crate::keras::model::{model_of, optimizer_params, readable_bytes, state};
use crate::keras::optimizers::OptimizerState;
use crate::keras::variables;
use crate::{this, St};

/// Keras's line length: `shutil.get_terminal_size().columns - 4` with 80 columns.
const LINE_LENGTH: usize = 76;

/// Python's `round` (halves to even) of a non-negative ratio.
fn round_half_even(value: f64) -> usize {
    let floor = value.floor();
    let fraction = value - floor;
    let rounded = if (fraction - 0.5).abs() < 1e-12 {
        if (floor as u64).is_multiple_of(2) {
            floor
        } else {
            floor + 1.0
        }
    } else {
        value.round()
    };
    rounded.max(0.0) as usize
}

/// The drawn width of each column (padding included): Keras's widths from `positions`,
/// one space of padding either side, shrunk by rich to fit between the borders.
fn column_widths(positions: &[f64]) -> Vec<usize> {
    let mut widths = Vec::with_capacity(positions.len());
    let mut current = 0usize;
    for position in positions {
        let edge = (position * LINE_LENGTH as f64) as usize;
        widths.push(edge.saturating_sub(current) + 2);
        current = edge;
    }
    let available = LINE_LENGTH.saturating_sub(positions.len() + 1);
    let total: usize = widths.iter().sum();
    if total > available {
        let mut remaining = total - available;
        let mut ratio_left = widths.len();
        for width in widths.iter_mut() {
            let cut = round_half_even(remaining as f64 / ratio_left as f64).min(*width);
            *width -= cut;
            remaining -= cut;
            ratio_left -= 1;
        }
    }
    widths
}

/// A cell's text wrapped to `width` columns at spaces; a longer word ends in `…`.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            line.push(' ');
            line.extend(word.iter());
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        if word.len() > width {
            // rich's default overflow: the word keeps its own line, cut with an ellipsis.
            word.truncate(width - 1);
            word.push('…');
        }
        line = word.into_iter().collect();
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A summary table being drawn.
struct Table {
    widths: Vec<usize>,
    right: Vec<bool>,
    text: String,
}

impl Table {
    fn rule(&mut self, left: &str, mid: &str, right: &str, fill: &str) {
        let parts: Vec<String> = self.widths.iter().map(|w| fill.repeat(*w)).collect();
        self.text
            .push_str(&format!("{left}{}{right}\n", parts.join(mid)));
    }

    fn row(&mut self, bar: &str, cells: &[String]) {
        let wrapped: Vec<Vec<String>> = cells
            .iter()
            .zip(&self.widths)
            .map(|(cell, width)| wrap(cell, width.saturating_sub(2)))
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
        for line in 0..height {
            let mut out = String::from(bar);
            for (index, lines) in wrapped.iter().enumerate() {
                let inner = self.widths[index].saturating_sub(2);
                let cell = lines.get(line).map_or("", String::as_str);
                if self.right[index] {
                    out.push_str(&format!(" {cell:>inner$} {bar}"));
                } else {
                    out.push_str(&format!(" {cell:<inner$} {bar}"));
                }
            }
            out.push('\n');
            self.text.push_str(&out);
        }
    }
}

/// `"(None, 4)"`, as Keras's `format_layer_shape` prints a shape.
fn keras_shape(dims: &[Option<usize>]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .map(|d| d.map_or("None".to_string(), |d| d.to_string()))
        .collect();
    format!("({})", parts.join(", "))
}

/// Python's `f"{n:,}"`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (index, c) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The output shape column: a layer's last symbolic call, else what its build or first
/// call recorded, else `?`.
fn output_shape(data: &LayerData) -> String {
    if let Some(node) = data.inbound_nodes.borrow().last() {
        if let Some(shape) = node.output_shapes.first() {
            return keras_shape(shape);
        }
    }
    data.output_shape
        .borrow()
        .as_ref()
        .map_or_else(|| "?".to_string(), |dims| keras_shape(dims))
}

fn layer_params(st: &St, vm: &mut Vm<'_>, layer: &Value, data: &LayerData) -> PyResult<String> {
    if !data.built.get() {
        return Ok("0 (unbuilt)".to_string());
    }
    let mut total = 0;
    for weight in collect_weights(st, vm, layer, None)? {
        total += variables::size(st, vm, &weight)?;
    }
    Ok(thousands(total))
}

/// `model.summary()`.
pub fn summary(st: &St, vm: &mut Vm<'_>, args: Args<'_>) -> PyResult {
    let me = this(vm, &args)?.clone();
    let data = model_of(vm, &me)?;
    let graph = graph_of(&data);
    let connected = graph.is_some_and(|g| !g.sequential_like());
    let (positions, right): (&[f64], Vec<bool>) = if connected {
        (&[0.3, 0.56, 0.74, 1.0], vec![false, false, true, false])
    } else {
        (&[0.45, 0.80, 1.0], vec![false, false, true])
    };
    let mut table = Table {
        widths: column_widths(positions),
        right,
        text: format!("Model: \"{}\"\n", data.name.borrow()),
    };
    let mut header: Vec<String> = ["Layer (type)", "Output Shape", "Param #"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if connected {
        header.push("Connected to".to_string());
    }
    table.rule("┏", "┳", "┓", "━");
    table.row("┃", &header);
    table.rule("┡", "╇", "┩", "━");
    let layers = sublayers(vm, &me)?;
    for (index, layer) in layers.iter().enumerate() {
        let layer_data = layer_of(vm, layer)?;
        let class = vm.class_of(layer).name.clone();
        let mut cells = vec![
            format!("{} ({class})", layer_data.name.borrow()),
            output_shape(&layer_data),
            layer_params(st, vm, layer, &layer_data)?,
        ];
        if let (true, Some(graph)) = (connected, graph) {
            let mut links: Vec<String> = Vec::new();
            for node in layer_data.inbound_nodes.borrow().iter() {
                if !graph.contains(node) {
                    continue;
                }
                for input in &node.inputs {
                    let Some(tensor) = input.downcast::<crate::keras::functional::KerasTensor>()
                    else {
                        continue;
                    };
                    let Some(history) = &tensor.history else {
                        continue;
                    };
                    let source = layer_of(vm, &history.node.layer)?.name.borrow().clone();
                    links.push(format!(
                        "{source}[{}][{}]",
                        history.node_index, history.tensor_index
                    ));
                }
            }
            cells.push(if links.is_empty() {
                "-".to_string()
            } else {
                links.join(", ")
            });
        }
        table.row("│", &cells);
        if index + 1 < layers.len() {
            table.rule("├", "┼", "┤", "─");
        }
    }
    table.rule("└", "┴", "┘", "─");
    let mut text = table.text;
    let mut trainable = 0;
    for weight in collect_weights(st, vm, &me, Some(true))? {
        trainable += variables::size(st, vm, &weight)?;
    }
    let mut frozen = 0;
    for weight in collect_weights(st, vm, &me, Some(false))? {
        frozen += variables::size(st, vm, &weight)?;
    }
    let model_state = state(vm, &data)?;
    let optimizer = match (
        model_state.compiled.borrow().as_ref(),
        model_state.optimizer_built.get(),
    ) {
        (Some(compiled), true) => compiled
            .optimizer
            .downcast::<OptimizerState>()
            .map(|o| optimizer_params(&o.rule, trainable)),
        _ => None,
    };
    let (optimizer_count, optimizer_bytes) = optimizer.unwrap_or((0, 0.0));
    let total = trainable + frozen + optimizer_count;
    let total_bytes = 4.0 * (trainable + frozen) as f64 + optimizer_bytes;
    text.push_str(&format!(
        " Total params: {} ({})\n",
        thousands(total),
        readable_bytes(total_bytes)
    ));
    text.push_str(&format!(
        " Trainable params: {} ({})\n",
        thousands(trainable),
        readable_bytes(4.0 * trainable as f64)
    ));
    text.push_str(&format!(
        " Non-trainable params: {} ({})\n",
        thousands(frozen),
        readable_bytes(4.0 * frozen as f64)
    ));
    if optimizer.is_some() {
        text.push_str(&format!(
            " Optimizer params: {} ({})\n",
            thousands(optimizer_count),
            readable_bytes(optimizer_bytes)
        ));
    }
    vm.write_stdout(&text);
    Ok(Value::None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_match_keras_on_80_columns() {
        assert_eq!(column_widths(&[0.45, 0.80, 1.0]), vec![33, 24, 15]);
        assert_eq!(column_widths(&[0.3, 0.56, 0.74, 1.0]), vec![21, 19, 12, 19]);
    }

    #[test]
    fn cells_wrap_at_spaces() {
        assert_eq!(
            wrap("input_layer (InputLayer)", 19),
            vec!["input_layer", "(InputLayer)"]
        );
        assert_eq!(
            wrap("shared[0][0], dense_2[0][0]", 17),
            vec!["shared[0][0],", "dense_2[0][0]"]
        );
        assert_eq!(wrap("abcdef", 4), vec!["abc…"]);
        assert_eq!(wrap("", 4), vec![""]);
    }

    #[test]
    fn counts_have_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
