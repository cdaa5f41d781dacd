"""`model.summary()`: Keras 3's table as `rich` draws it on an 80-column terminal. A stack
of layers gets three columns; a functional graph with branches, merges or shared layers
gets a fourth, "Connected to"."""

import tensorflow as tf

from keras.src.layer import Layer
from keras.src.layers.core import InputLayer

LINE_LENGTH = 76


def _column_widths(positions):
    widths = []
    current = 0
    for position in positions:
        edge = int(position * LINE_LENGTH)
        widths.append(max(edge - current, 0) + 2)
        current = edge
    available = LINE_LENGTH - (len(positions) + 1)
    total = sum(widths)
    if total > available:
        remaining = total - available
        ratio_left = len(widths)
        for i in range(len(widths)):
            cut = min(round(remaining / ratio_left), widths[i])
            widths[i] -= cut
            remaining -= cut
            ratio_left -= 1
    return widths


def _wrap(text, width):
    width = max(width, 1)
    lines = []
    line = ""
    for word in [w for w in text.split(" ") if w]:
        if line and len(line) + 1 + len(word) <= width:
            line += " " + word
            continue
        if line:
            lines.append(line)
        if len(word) > width:
            word = word[:width - 1] + "…"
        line = word
    if line or not lines:
        lines.append(line)
    return lines


class _Table:
    def __init__(self, widths, right, title):
        self.widths = widths
        self.right = right
        self.lines = [title]

    def rule(self, left, mid, right, fill):
        self.lines.append(left + mid.join(fill * w for w in self.widths) + right)

    def row(self, bar, cells):
        wrapped = [_wrap(c, w - 2) for c, w in zip(cells, self.widths)]
        height = max(len(w) for w in wrapped)
        for i in range(height):
            out = bar
            for index, lines in enumerate(wrapped):
                inner = self.widths[index] - 2
                cell = lines[i] if i < len(lines) else ""
                cell = cell.rjust(inner) if self.right[index] else cell.ljust(inner)
                out += " " + cell + " " + bar
            self.lines.append(out)


def _shape_text(shape):
    """A shape as Keras prints it (`(None, 4)`), a list of shapes in brackets."""
    if isinstance(shape, list):
        return "[" + ", ".join(_shape_text(s) for s in shape) + "]"
    return str(tuple(shape))


def _output_shape(layer):
    if layer._inbound_nodes:
        outputs = layer._inbound_nodes[-1].output_tensors
        if len(outputs) == 1:
            return _shape_text(outputs[0].shape)
        return _shape_text([t.shape for t in outputs])
    shapes = layer._build_shapes
    if shapes is None:
        return "?"
    try:
        out = layer.compute_output_shape(shapes)
    except NotImplementedError:
        return "?"
    return _shape_text(out)


def _count(weights):
    total = 0
    for w in weights:
        n = 1
        for d in w.shape:
            n *= d
        total += n
    return total


def _bytes(weights):
    total = 0
    for w in weights:
        n = 1
        for d in w.shape:
            n *= d
        total += n * tf.as_dtype(w.dtype).size
    return total


def _optimizer_params(optimizer, trainable):
    """The optimizer's variables: its slots per trainable weight, its float32 learning
    rate and int64 iteration count."""
    name = type(optimizer).__name__
    slots = {"Adam": 2, "AdamW": 2, "Nadam": 2, "Adamax": 2, "RMSprop": 1, "Adagrad": 1}.get(name, 0)
    if name == "SGD" and getattr(optimizer, "momentum", 0):
        slots = 1
    count = slots * trainable + 2
    return count, (count - 1) * 4 + 8


def readable_bytes(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.2f} {unit}"
        n /= 1024


def _sequential_like(model):
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential
    if isinstance(model, Sequential) or not isinstance(model, Functional):
        return True
    for layer in model._operations:
        nodes = [n for n in layer._inbound_nodes if not n.is_input]
        if len(nodes) > 1:
            return False
        for node in nodes:
            if len(node.input_tensors) > 1:
                return False
            if node.input_tensors and len(node.input_tensors[0]._keras_history[0]._outbound_nodes) > 1:
                return False
    if len(model.inputs) > 1 or len(model.outputs) > 1:
        return False
    return True


def print_summary(model, line_length=None, positions=None, print_fn=None):
    from keras.src.models.functional import Functional
    from keras.src.models.sequential import Sequential
    connected = not _sequential_like(model)
    if connected:
        positions, right = [0.3, 0.56, 0.74, 1.0], [False, False, True, False]
    else:
        positions, right = [0.45, 0.80, 1.0], [False, False, True]
    table = _Table(_column_widths(positions), right, f'Model: "{model.name}"')
    header = ["Layer (type)", "Output Shape", "Param #"]
    if connected:
        header.append("Connected to")
    table.rule("┏", "┳", "┓", "━")
    table.row("┃", header)
    table.rule("┡", "╇", "┩", "━")
    if isinstance(model, Functional):
        layers = model._operations
    else:
        layers = model.layers
    for index, layer in enumerate(layers):
        params = f"{layer.count_params():,}" if (not isinstance(layer, Layer) or layer.built) and isinstance(layer, Layer) else ("0" if not isinstance(layer, Layer) else "0 (unbuilt)")
        cells = [f"{layer.name} ({type(layer).__name__})", _output_shape(layer), params]
        if connected:
            links = []
            for node in layer._inbound_nodes:
                for tensor in node.input_tensors:
                    source, node_index, tensor_index = tensor._keras_history
                    links.append(f"{source.name}[{node_index}][{tensor_index}]")
            cells.append(", ".join(links) if links else "-")
        table.row("│", cells)
        if index + 1 < len(layers):
            table.rule("├", "┼", "┤", "─")
    table.rule("└", "┴", "┘", "─")
    trainable = model.trainable_weights
    frozen = model.non_trainable_weights
    t_count, f_count = _count(trainable), _count(frozen)
    t_bytes, f_bytes = _bytes(trainable), _bytes(frozen)
    optimizer = getattr(model, "optimizer", None)
    opt_vars = None
    o_count = o_bytes = 0
    if optimizer is not None and getattr(model, "_optimizer_built", False):
        opt_vars = True
        o_count, o_bytes = _optimizer_params(optimizer, t_count)
    lines = table.lines
    lines.append(f" Total params: {t_count + f_count + o_count:,} ({readable_bytes(t_bytes + f_bytes + o_bytes)})")
    lines.append(f" Trainable params: {t_count:,} ({readable_bytes(t_bytes)})")
    lines.append(f" Non-trainable params: {f_count:,} ({readable_bytes(f_bytes)})")
    if opt_vars is not None:
        lines.append(f" Optimizer params: {o_count:,} ({readable_bytes(o_bytes)})")
    text = "\n".join(lines)
    if print_fn is not None:
        for line in lines:
            print_fn(line)
    else:
        print(text)
