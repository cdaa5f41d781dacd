class ConfigError(Exception):
    pass
def load(cfg):
    try:
        return cfg["device"]
    except KeyError as e:
        raise ConfigError("no device configured") from e
load({})
