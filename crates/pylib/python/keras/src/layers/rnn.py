"""Recurrent layers: the cells `SimpleRNNCell`, `LSTMCell`, `GRUCell` (their gate
arithmetic as Keras 3 writes it), `RNN` running a cell over the time steps, the layers
`SimpleRNN`, `LSTM`, `GRU`, and `Bidirectional`."""

import tensorflow as tf

from keras.src.input_spec import InputSpec
from keras.src import activations, backend, initializers
from keras.src.layer import Layer


class _Cell(Layer):
    """What the cells share: units, activations, initializers and regularizers of the
    three weights, and the dropout rates `RNN` applies over the time steps."""

    gates = 1
    _seed_first = False

    def _seed_generator(self, seed):
        from keras.src.random import SeedGenerator
        self.seed_generator = SeedGenerator(seed=seed)

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid",
                 use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        kwargs.pop("implementation", None)
        super().__init__(**kwargs)
        # Each cell's dropout generator draws its seed from the global stream, before the
        # initializers in SimpleRNNCell and after them in LSTMCell and GRUCell (Keras's
        # order, which decides every later layer's initial weights).
        if self._seed_first:
            self._seed_generator(seed)
        self.units = units
        self.activation = activations.get(activation)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.recurrent_initializer = initializers.get(recurrent_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = kernel_regularizer
        self.recurrent_regularizer = recurrent_regularizer
        self.bias_regularizer = bias_regularizer
        self.dropout = min(1.0, max(0.0, dropout))
        self.recurrent_dropout = min(1.0, max(0.0, recurrent_dropout))
        self.seed = seed
        if not self._seed_first:
            self._seed_generator(seed)
        self.state_size = units
        self.output_size = units

    def _kernels(self, input_dim):
        width = self.units * self.gates
        self.kernel = self.add_weight(shape=(input_dim, width), name="kernel",
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, width),
                                                name="recurrent_kernel",
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer)

    def _bias(self, shape, initializer=None):
        if not self.use_bias:
            return None
        return self.add_weight(shape=shape, name="bias",
                               initializer=initializer or self.bias_initializer,
                               regularizer=self.bias_regularizer)


class SimpleRNNCell(_Cell):
    _seed_first = True

    def __init__(self, units, activation="tanh", **kwargs):
        kwargs.pop("recurrent_activation", None)
        super().__init__(units, activation=activation, **kwargs)

    def build(self, input_shape):
        self._kernels(input_shape[-1])
        self.bias = self._bias((self.units,))
        self.built = True

    def call(self, inputs, states, training=False):
        prev = states[0] if isinstance(states, (list, tuple)) else states
        h = tf.matmul(inputs, self.kernel)
        if self.bias is not None:
            h = h + self.bias
        output = h + tf.matmul(prev, self.recurrent_kernel)
        output = self.activation(output)
        return output, [output]


class LSTMCell(_Cell):
    gates = 4

    def __init__(self, units, unit_forget_bias=True, **kwargs):
        super().__init__(units, **kwargs)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [units, units]

    def build(self, input_shape):
        units = self.units
        self._kernels(input_shape[-1])
        initializer = self.bias_initializer
        if self.unit_forget_bias:
            init = self.bias_initializer

            def initializer(shape, dtype=None):
                return tf.concat([
                    init((units,), dtype=dtype),
                    initializers.get("ones")((units,), dtype=dtype),
                    init((units * 2,), dtype=dtype),
                ], 0)
        self.bias = self._bias((units * 4,), initializer)
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1, c_tm1 = states[0], states[1]
        z = tf.matmul(inputs, self.kernel)
        z = z + tf.matmul(h_tm1, self.recurrent_kernel)
        if self.bias is not None:
            z = z + self.bias
        z0, z1, z2, z3 = tf.split(z, 4, axis=1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c = f * c_tm1 + i * self.activation(z2)
        o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]


class GRUCell(_Cell):
    gates = 3

    def __init__(self, units, reset_after=True, **kwargs):
        super().__init__(units, **kwargs)
        self.reset_after = reset_after

    def build(self, input_shape):
        self._kernels(input_shape[-1])
        shape = (2, self.units * 3) if self.reset_after else (self.units * 3,)
        self.bias = self._bias(shape)
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1 = states[0] if isinstance(states, (list, tuple)) else states
        units = self.units
        if self.bias is not None:
            if self.reset_after:
                input_bias, recurrent_bias = tf.unstack(self.bias)
            else:
                input_bias, recurrent_bias = self.bias, None
        matrix_x = tf.matmul(inputs, self.kernel)
        if self.bias is not None:
            matrix_x = matrix_x + input_bias
        x_z, x_r, x_h = tf.split(matrix_x, 3, axis=-1)
        if self.reset_after:
            matrix_inner = tf.matmul(h_tm1, self.recurrent_kernel)
            if self.bias is not None:
                matrix_inner = matrix_inner + recurrent_bias
        else:
            matrix_inner = tf.matmul(h_tm1, self.recurrent_kernel[:, :2 * units])
        recurrent_z = matrix_inner[:, :units]
        recurrent_r = matrix_inner[:, units:units * 2]
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = r * matrix_inner[:, units * 2:]
        else:
            recurrent_h = tf.matmul(r * h_tm1, self.recurrent_kernel[:, 2 * units:])
        hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        return h, [h]


class RNN(Layer):
    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, zero_output_for_mask=False, **kwargs):
        super().__init__(**kwargs)
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.zero_output_for_mask = zero_output_for_mask
        self.supports_masking = True
        self._states = None

    def reset_states(self):
        """Forgets the states a stateful layer carried between calls."""
        self._states = None

    reset_state = reset_states

    @property
    def states(self):
        """A stateful layer's states carried from its last call."""
        return self._states

    def build(self, input_shape):
        with backend.name_scope(self.cell.name, caller=self.cell):
            self.cell.build((input_shape[0], input_shape[-1]))
        self.cell.built = True
        self.built = True

    def get_initial_state(self, batch_size):
        """Zero states for `batch_size` sequences, one per state of the cell."""
        sizes = self.cell.state_size if isinstance(self.cell.state_size, list) else [self.cell.state_size]
        return [tf.zeros((batch_size, size), dtype=self.cell.compute_dtype) for size in sizes]

    def call(self, sequences, initial_state=None, mask=None, training=False):
        steps = sequences.shape[1]
        if steps is None and backend.in_symbolic_scope():
            return self._symbolic_outputs(sequences, initial_state, training)
        if steps is None:
            raise NotImplementedError(
                "A recurrent layer over sequences of unknown length is not available in "
                "this playground yet; give the input a fixed number of time steps."
            )
        sizes = self.cell.state_size if isinstance(self.cell.state_size, list) else [self.cell.state_size]
        if initial_state is None and self.stateful and self._states is not None:
            initial_state = self._states
        if initial_state is None:
            batch = tf.shape(sequences)[0]
            states = [tf.zeros(tf.stack([batch, size]), dtype=sequences.dtype) for size in sizes]
        else:
            states = list(initial_state) if isinstance(initial_state, (list, tuple)) else [initial_state]
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        # Keras's cell dropout: one mask for the inputs and one for the carried output,
        # the same at every time step, in training only.
        input_mask = state_mask = None
        if training and getattr(self.cell, "dropout", 0) > 0:
            input_mask = tf.nn.dropout(tf.ones_like(sequences[:, 0, :]), rate=self.cell.dropout)
        if training and getattr(self.cell, "recurrent_dropout", 0) > 0:
            state_mask = tf.nn.dropout(tf.ones_like(states[0]), rate=self.cell.recurrent_dropout)
        outputs = []
        output = None
        if mask is not None:
            mask = tf.cast(mask, tf.bool)
        for t in order:
            step_input = sequences[:, t, :]
            if input_mask is not None:
                step_input = step_input * input_mask
            if state_mask is not None:
                states = [states[0] * state_mask] + list(states[1:])
            new_output, new_states = self.cell.call(step_input, states, training=training)
            if mask is not None:
                # A masked step keeps the previous output and states (Keras's `rnn`).
                keep = tf.expand_dims(mask[:, t], -1)
                previous = output if output is not None else tf.zeros_like(new_output)
                if self.zero_output_for_mask:
                    previous = tf.zeros_like(new_output)
                new_output = tf.where(keep, new_output, previous)
                new_states = [tf.where(keep, n, o) for n, o in zip(new_states, states)]
            output, states = new_output, list(new_states)
            outputs.append(output)
        if self.stateful:
            self._states = list(states)
        if self.return_sequences:
            result = tf.stack(outputs, axis=1)
        else:
            result = output
        if self.return_state:
            return (result,) + tuple(states)
        return result


    def compute_mask(self, inputs, mask=None):
        mask = mask[0] if isinstance(mask, list) else mask
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None] * len(self._state_sizes())
        return output_mask

    def _state_sizes(self):
        size = self.cell.state_size
        return size if isinstance(size, list) else [size]

    def _symbolic_outputs(self, sequences, initial_state, training):
        """Outputs of the right shapes for sequences of unknown length, when only shapes
        are asked for (one cell step, its output broadcast over the time axis)."""
        sizes = self.cell.state_size if isinstance(self.cell.state_size, list) else [self.cell.state_size]
        batch = tf.shape(sequences)[0]
        states = [tf.zeros(tf.stack([batch, size]), dtype=sequences.dtype) for size in sizes]
        output, states = self.cell.call(sequences[:, 0, :], states, training=training)
        result = output
        if self.return_sequences:
            result = tf.expand_dims(output, 1) * tf.ones_like(sequences[:, :, :1])
        if self.return_state:
            return (result,) + tuple(states)
        return result


class _Recurrent(RNN):
    """A recurrent layer over its own cell (`cell_class`)."""

    cell_class = None

    def __init__(self, units, *args, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, **kwargs):
        layer_kwargs = {k: kwargs.pop(k) for k in ("name", "trainable", "dtype",
                                                   "input_shape", "batch_size")
                        if k in kwargs}
        cell = self.cell_class(units, *args, name=kwargs.pop("cell_name", None), **kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll,
                         **layer_kwargs)
        self.units = units
        # SimpleRNN's spec is a list of one, LSTM's and GRU's a single spec, as in Keras.
        self.input_spec = [InputSpec(ndim=3)] if self.cell_class is SimpleRNNCell else \
            InputSpec(ndim=3)


class SimpleRNN(_Recurrent):
    cell_class = SimpleRNNCell


class LSTM(_Recurrent):
    cell_class = LSTMCell


class GRU(_Recurrent):
    cell_class = GRUCell


class Bidirectional(Layer):
    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.merge_mode = merge_mode
        base_name = layer.name[len("forward_"):] if layer.name.startswith("forward_") \
            else layer.name

        def rebuilt(name, go_backwards):
            # As Keras's deserialization of the layer's config: the same arguments
            # (initializers included, drawing their own seeds), under a new name.
            arguments = dict(layer.__dict__.get("_auto_config") or {"units": layer.units})
            arguments.update(return_sequences=layer.return_sequences,
                             return_state=layer.return_state, go_backwards=go_backwards)
            return type(layer)(name=name, cell_name=layer.cell.name, **arguments)

        # Keras builds both directions from the given layer's config, never the layer
        # itself.
        if layer.__dict__.get("_auto_config") is not None:
            self.forward_layer = rebuilt("forward_" + base_name, layer.go_backwards)
        else:
            self.forward_layer = layer
            layer.name = "forward_" + base_name
        if backward_layer is None:
            backward_layer = rebuilt("backward_" + base_name, not layer.go_backwards)
        self.backward_layer = backward_layer
        self.return_sequences = layer.return_sequences
        self.supports_masking = True

    def compute_mask(self, inputs, mask=None):
        mask = mask[0] if isinstance(mask, list) else mask
        return mask if self.return_sequences else None

    def build(self, input_shape):
        with backend.name_scope(self.forward_layer.name, caller=self.forward_layer):
            self.forward_layer.build(input_shape)
        self.forward_layer.built = True
        with backend.name_scope(self.backward_layer.name, caller=self.backward_layer):
            self.backward_layer.build(input_shape)
        self.backward_layer.built = True
        self.built = True

    def call(self, sequences, training=False, mask=None):
        forward = self.forward_layer.call(sequences, training=training, mask=mask)
        backward = self.backward_layer.call(sequences, training=training, mask=mask)
        if self.return_sequences:
            backward = tf.reverse(backward, [1])
        if self.merge_mode == "concat":
            return tf.concat([forward, backward], axis=-1)
        if self.merge_mode == "sum":
            return forward + backward
        if self.merge_mode == "mul":
            return forward * backward
        if self.merge_mode == "ave":
            return (forward + backward) / 2
        return [forward, backward]


class TimeDistributed(Layer):
    """Applies `layer` to every timestep (axis 1) of its input: as Keras does for a
    static number of timesteps, the layer's `call` on each step, stacked."""

    def __init__(self, layer, **kwargs):
        super().__init__(**kwargs)
        self.layer = layer

    def _step_shape(self, input_shape):
        return (input_shape[0],) + tuple(input_shape[2:])

    def build(self, input_shape):
        with backend.name_scope(self.layer.name, caller=self.layer):
            self.layer.build(self._step_shape(input_shape))
        self.layer.built = True
        self.built = True

    def compute_output_shape(self, input_shape):
        step = self.layer.compute_output_shape(self._step_shape(input_shape))
        return (step[0], input_shape[1]) + tuple(step[1:])

    def call(self, inputs, training=None, mask=None):
        rank = len(inputs.shape)
        if rank < 3:
            raise ValueError(
                "`TimeDistributed` Layer should be passed an `input_shape` with at least 3 "
                f"dimensions, received: {tuple(inputs.shape)}")
        axes = [1, 0] + list(range(2, rank))
        steps = tf.transpose(inputs, axes)
        if steps.shape[0] is None:
            raise NotImplementedError(
                "TimeDistributed over a number of timesteps known only when the model runs "
                "is not emulated.")
        names, var_kw = _call_parameters(type(self.layer))
        kwargs = {}
        if "training" in names or var_kw:
            kwargs["training"] = training
        outputs = tf.stack([self.layer.call(steps[i], **kwargs)
                            for i in range(steps.shape[0])])
        out_rank = len(outputs.shape)
        return tf.transpose(outputs, [1, 0] + list(range(2, out_rank)))

    def get_config(self):
        config = super().get_config()
        config["layer"] = {"class_name": type(self.layer).__name__,
                           "config": self.layer.get_config()}
        return config


def _call_parameters(cls):
    import inspect
    parameters = inspect.signature(cls.call).parameters
    names = set(parameters)
    var_kw = any(p.kind == inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    return names, var_kw
