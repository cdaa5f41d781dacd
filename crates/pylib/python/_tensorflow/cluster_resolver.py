"""Clusters as TensorFlow describes them in Python: `tf.train.ClusterSpec`, the cluster
resolvers of `tf.distribute.cluster_resolver` that read `TF_CONFIG` or take a spec, and the
collective options (`tf.distribute.experimental.CommunicationOptions`) a
`MultiWorkerMirroredStrategy` is made with. `configure_multi_worker` is what the strategy's
constructor asks before it picks its devices.

The playground runs one program, so a `MultiWorkerMirroredStrategy` is one worker: without
a cluster (no `TF_CONFIG`), as TensorFlow runs it then, on the local devices. A cluster of
several tasks would need the others' processes, which TensorFlow waits for; here that is
an error that says so."""

import enum
import json
import os

import tensorflow as tf


class ClusterSpec:
    """A cluster: job names mapped to their tasks' network addresses."""

    def __init__(self, cluster):
        if isinstance(cluster, dict):
            self._cluster_spec = {}
            for job_name, tasks in cluster.items():
                if isinstance(tasks, (list, tuple)):
                    job_tasks = {i: task for i, task in enumerate(tasks)}
                elif isinstance(tasks, dict):
                    job_tasks = {int(i): task for i, task in tasks.items()}
                else:
                    raise TypeError("The tasks for job %r must be a list or a dictionary "
                                    "from integers to strings." % job_name)
                self._cluster_spec[job_name] = job_tasks
            for job_name, tasks in self._cluster_spec.items():
                if not isinstance(job_name, (str, bytes)):
                    raise TypeError("Job name %r must be bytes or unicode" % job_name)
                for address in tasks.values():
                    if not isinstance(address, (str, bytes)):
                        raise TypeError("Task address %r must be bytes or unicode" % address)
        elif isinstance(cluster, ClusterSpec):
            self._cluster_spec = {job: dict(tasks)
                                  for job, tasks in sorted(cluster._cluster_spec.items())}
        else:
            raise TypeError("`cluster` must be a dictionary mapping one or more "
                            "job names to lists of network addresses, or a "
                            "`ClusterDef` protocol buffer")

    def __bool__(self):
        return bool(self._cluster_spec)

    def __eq__(self, other):
        return self._cluster_spec == other

    def __ne__(self, other):
        return self._cluster_spec != other

    def __repr__(self):
        key_values = self.as_dict()
        string_items = [repr(k) + ": " + repr(key_values[k]) for k in sorted(key_values)]
        return "ClusterSpec({" + ", ".join(string_items) + "})"

    def as_dict(self):
        result = {}
        for job in self.jobs:
            task_indices = self.task_indices(job)
            if len(task_indices) == 0:
                result[job] = {}
            elif max(task_indices) + 1 == len(task_indices):
                result[job] = self.job_tasks(job)
            else:
                result[job] = {i: self.task_address(job, i) for i in task_indices}
        return result

    @property
    def jobs(self):
        return list(self._cluster_spec.keys())

    def _job(self, job_name):
        try:
            return self._cluster_spec[job_name]
        except KeyError:
            raise ValueError("No such job in cluster: %r" % job_name) from None

    def num_tasks(self, job_name):
        return len(self._job(job_name))

    def task_indices(self, job_name):
        return list(sorted(self._job(job_name).keys()))

    def task_address(self, job_name, task_index):
        job = self._job(job_name)
        try:
            return job[task_index]
        except KeyError:
            raise ValueError("No task with index %r in job %r" % (task_index, job_name)) from None

    def job_tasks(self, job_name):
        job = self._job(job_name)
        tasks = [None for _ in range(max(job.keys()) + 1)]
        for i, task in job.items():
            tasks[i] = task
        return tasks


def _format_master_url(master, rpc_layer=None):
    return "%s://%s" % (rpc_layer, master) if rpc_layer else master


class ClusterResolver:
    """The base of the cluster resolvers: what a strategy asks about its cluster."""

    def cluster_spec(self):
        raise NotImplementedError()

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        raise NotImplementedError()

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        devices = tf.config.list_logical_devices()
        mapping = {}
        for device in devices:
            if device.device_type in ("GPU", "TPU"):
                mapping[device.device_type] = mapping.get(device.device_type, 0) + 1
        return mapping

    @property
    def environment(self):
        return ""

    @property
    def task_type(self):
        return getattr(self, "_task_type", None)

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @property
    def task_id(self):
        return getattr(self, "_task_id", None)

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id


class SimpleClusterResolver(ClusterResolver):
    """A cluster resolver for a cluster given as a `ClusterSpec`."""

    def __init__(self, cluster_spec, master="", task_type=None, task_id=None,
                 environment="", num_accelerators=None, rpc_layer=None):
        super().__init__()
        self._task_type = task_type
        self._task_id = task_id
        self._environment = environment
        self._num_accelerators = num_accelerators
        self._rpc_layer = rpc_layer
        if not isinstance(cluster_spec, ClusterSpec):
            raise TypeError("cluster_spec must be a `tf.train.ClusterSpec`.")
        self._cluster_spec = cluster_spec
        if not isinstance(master, str):
            raise TypeError("master must be a string.")
        self._master = master

    def cluster_spec(self):
        return self._cluster_spec

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        if task_type is not None and task_id is not None:
            master = self.cluster_spec().task_address(task_type, task_id)
        else:
            master = self._master
        return _format_master_url(master, rpc_layer=rpc_layer or self._rpc_layer)

    @property
    def task_type(self):
        return self._task_type

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @property
    def task_id(self):
        return self._task_id

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        return self._environment

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return {} if self._num_accelerators is None else self._num_accelerators

    @property
    def rpc_layer(self):
        return self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer


def _load_tf_config():
    return json.loads(os.environ.get("TF_CONFIG", "{}"))


def _tf_config_value(key, default=None):
    tf_config = _load_tf_config()
    return tf_config[key] if key in tf_config else default


class TFConfigClusterResolver(ClusterResolver):
    """The cluster the `TF_CONFIG` environment variable describes, read when asked."""

    def __init__(self, task_type=None, task_id=None, rpc_layer=None, environment=None):
        self._task_type = task_type
        self._task_id = task_id
        self._rpc_layer = rpc_layer
        self._environment = environment

    @property
    def task_type(self):
        if self._task_type is None:
            task_info = _tf_config_value("task", {})
            return str(task_info["type"]) if "type" in task_info else None
        return str(self._task_type)

    @task_type.setter
    def task_type(self, task_type):
        self._task_type = task_type

    @property
    def task_id(self):
        if self._task_id is None:
            task_info = _tf_config_value("task", {})
            return int(task_info["index"]) if "index" in task_info else None
        return int(self._task_id)

    @task_id.setter
    def task_id(self, task_id):
        self._task_id = task_id

    @property
    def environment(self):
        return self._environment

    @property
    def rpc_layer(self):
        if self._rpc_layer is None:
            return _tf_config_value("rpc_layer")
        return self._rpc_layer

    @rpc_layer.setter
    def rpc_layer(self, rpc_layer):
        self._rpc_layer = rpc_layer

    def num_accelerators(self, task_type=None, task_id=None, config_proto=None):
        return super().num_accelerators(
            self.task_type if task_type is None else task_type,
            self.task_id if task_id is None else task_id, config_proto)

    def cluster_spec(self):
        tf_config = _load_tf_config()
        if "cluster" not in tf_config:
            return ClusterSpec({})
        return ClusterSpec(tf_config["cluster"])

    def master(self, task_type=None, task_id=None, rpc_layer=None):
        session_master = _tf_config_value("session_master")
        if session_master is not None:
            return session_master
        cluster_spec = self.cluster_spec()
        if (not cluster_spec.jobs or
                (len(cluster_spec.jobs) == 1 and
                 len(cluster_spec.job_tasks(cluster_spec.jobs[0])) == 1)):
            return ""
        task_type = task_type if task_type is not None else self.task_type
        task_id = task_id if task_id is not None else self.task_id
        rpc_layer = rpc_layer if rpc_layer is not None else self.rpc_layer
        return _format_master_url(cluster_spec.task_address(task_type, task_id), rpc_layer)


class CommunicationImplementation(enum.Enum):
    """Which collective implementation a multi-worker strategy prefers."""
    AUTO = "AUTO"
    RING = "RING"
    NCCL = "NCCL"


class _Options:
    """The options of cross-device communication (`CommunicationOptions`)."""

    def __init__(self, bytes_per_pack=0, timeout_seconds=None,
                 implementation=CommunicationImplementation.AUTO):
        if bytes_per_pack < 0:
            raise ValueError(
                f"Argument `bytes_per_pack` must be >=0, Received {bytes_per_pack}.")
        if isinstance(implementation, str):
            implementation = CommunicationImplementation(implementation.upper())
        if not isinstance(implementation, CommunicationImplementation):
            raise ValueError(
                "Argument `implementation` must be instance of "
                "`tf.distribute.experimental.CommunicationImplementation`.")
        self.bytes_per_pack = bytes_per_pack
        self.timeout_seconds = timeout_seconds
        self.implementation = implementation

    def merge(self, options):
        merged = _Options(self.bytes_per_pack, self.timeout_seconds, self.implementation)
        if options is None:
            return merged
        if options.bytes_per_pack != 0:
            merged.bytes_per_pack = options.bytes_per_pack
        if options.timeout_seconds is not None:
            merged.timeout_seconds = options.timeout_seconds
        if options.implementation != CommunicationImplementation.AUTO:
            merged.implementation = options.implementation
        return merged

    def __str__(self):
        return (f"Options(bytes_per_pack={self.bytes_per_pack},"
                f"timeout_seconds={self.timeout_seconds}, "
                f"implementation={self.implementation})")


_Options.__name__ = "Options"
_Options.__qualname__ = "Options"
_Options.__module__ = "tensorflow.python.distribute.collective_util"


class CommunicationOptions:
    """`tf.distribute.experimental.CommunicationOptions`: makes an `Options`."""

    def __new__(cls, *args, **kwargs):
        return _Options(*args, **kwargs)


for _class in (ClusterSpec,):
    _class.__module__ = "tensorflow.python.training.server_lib"
ClusterResolver.__module__ = "tensorflow.python.distribute.cluster_resolver.cluster_resolver"
SimpleClusterResolver.__module__ = ClusterResolver.__module__
TFConfigClusterResolver.__module__ = (
    "tensorflow.python.distribute.cluster_resolver.tfconfig_cluster_resolver")
CommunicationImplementation.__module__ = "tensorflow.python.distribute.collective_util"


def configure_multi_worker(experimental, args, /, **kwargs):
    """What `MultiWorkerMirroredStrategy(...)` (`experimental`: the deprecated
    `tf.distribute.experimental` class, which takes `communication` first) is made with:
    `(cluster_resolver, communication_options)`, checked as TensorFlow checks them."""
    if experimental:
        names = ("communication", "cluster_resolver")
    else:
        names = ("cluster_resolver", "communication_options")
    if len(args) > 2:
        raise TypeError(f"__init__() takes from 1 to 3 positional arguments but "
                        f"{len(args) + 1} were given")
    bound = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError(f"__init__() got an unexpected keyword argument '{key}'")
        if key in bound:
            raise TypeError(f"__init__() got multiple values for argument '{key}'")
        bound[key] = value
    if experimental:
        options = _Options(
            implementation=bound.get("communication", CommunicationImplementation.AUTO))
    else:
        options = bound.get("communication_options")
        if options is None:
            options = _Options()
    if not isinstance(options, _Options):
        raise ValueError("communication_options must be an instance of "
                         "tf.distribute.experimental.CommunicationOptions")
    resolver = bound.get("cluster_resolver") or TFConfigClusterResolver()
    if not isinstance(resolver, ClusterResolver):
        raise ValueError("cluster_resolver must be an instance of "
                         "tf.distribute.cluster_resolver.ClusterResolver")
    cluster = resolver.cluster_spec().as_dict()
    if cluster:
        if resolver.task_type is None or resolver.task_id is None:
            raise ValueError("When `cluster_spec` is given, you must also specify "
                             "`task_type` and `task_id`.")
        tasks = ", ".join(f"{job}: {len(addresses)}" for job, addresses in cluster.items())
        raise tf.errors.UnavailableError(
            None, None,
            f"MultiWorkerMirroredStrategy was given a cluster ({tasks} tasks; this program "
            f"is {resolver.task_type} {resolver.task_id}). TensorFlow would start a server "
            f"here and wait for every other task of the cluster to join, but the "
            f"playground runs one program, so no other task can. Create the strategy "
            f"without a cluster (no TF_CONFIG) to run it on this worker's local devices, "
            f"as TensorFlow does then.")
    return resolver, options
