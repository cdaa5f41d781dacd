//! The process environment of the emulated machine: what `os.environ` holds (the bundled
//! library's `os` reads it from the run's options), so `os.environ['COLAB_TPU_ADDR']` raises
//! `KeyError` off a Colab TPU exactly as there.
//!
//! The variables are a Linux process's basics plus the topology document's
//! `environment.variables`.

use hardware::topology::Topology;

/// The environment variables of a machine: a Linux process's basics plus the topology's
/// own (`COLAB_TPU_ADDR` on a Colab TPU, `TPU_NAME` on a TPU VM, `CUDA_VERSION` on GPUs).
pub fn variables(topology: &Topology) -> Vec<(String, String)> {
    let mut env = vec![
        ("HOME".to_string(), "/root".to_string()),
        ("LANG".to_string(), "en_US.UTF-8".to_string()),
        (
            "PATH".to_string(),
            "/usr/local/bin:/usr/bin:/bin".to_string(),
        ),
    ];
    for (name, value) in &topology.hardware.environment.variables {
        match env.iter_mut().find(|(existing, _)| existing == name) {
            Some(entry) => entry.1 = value.clone(),
            None => env.push((name.clone(), value.clone())),
        }
    }
    env
}
