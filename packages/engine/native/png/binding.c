/*
 * Node-API binding of the PNG encoder. encode and encodeToFile run on libuv's thread pool and
 * resolve a promise with the PNG bytes or the size of the file written (for callers on the main
 * thread). encodeSync and encodeToFileSync do the same work on the calling thread: a render worker
 * thread encodes its own tokens with them, so rendering never queues on the pool, which is shared
 * by the whole process and has 4 threads unless UV_THREADPOOL_SIZE says otherwise.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <node_api.h>
#include <uv.h>

#include "png-encode.h"
#include "png-filter.h"

#define CHECK(env, call)                                                                           \
  do {                                                                                             \
    if ((call) != napi_ok) {                                                                       \
      const napi_extended_error_info *info = NULL;                                                 \
      napi_get_last_error_info((env), &info);                                                      \
      napi_throw_error((env), NULL, info && info->error_message ? info->error_message : #call);    \
      return NULL;                                                                                 \
    }                                                                                              \
  } while (0)

struct encode_task {
  napi_async_work work;
  napi_deferred deferred;
  /* Keeps the pixels' typed array alive until the encode is done. */
  napi_ref pixels_ref;
  const uint8_t *pixels;
  /* The pixels, when the caller lets the encoder overwrite them (sync calls only), and the bytes
   * of their buffer from there: the filtered image is made over them (png_encode_in_place). */
  uint8_t *writable;
  size_t capacity;
  uint32_t width;
  uint32_t height;
  int channels;
  int drop_alpha;
  struct png_effort effort;
  /* The file to write, or NULL to resolve with the bytes. */
  char *path;
  struct png_file file;
  enum png_encode_status status;
  int write_error;
};

/* Encodes, and writes the file when there is a path (freeing the bytes then). Any thread. */
static void encode_task_run(struct encode_task *task) {
  task->status = png_encode_in_place(task->writable, task->capacity, task->pixels, task->width,
                                     task->height, task->channels, task->drop_alpha, task->effort,
                                     &task->file);
  if (task->status != PNG_ENCODE_OK || task->path == NULL) return;
  FILE *out = fopen(task->path, "wb");
  if (out == NULL) {
    task->write_error = errno;
  } else {
    size_t written = fwrite(task->file.data, 1, task->file.size, out);
    if (written != task->file.size) task->write_error = errno ? errno : EIO;
    if (fclose(out) != 0 && task->write_error == 0) task->write_error = errno ? errno : EIO;
    if (task->write_error != 0) remove(task->path);
  }
  free(task->file.data);
  task->file.data = NULL;
}

static void run_encode(napi_env env, void *data) { encode_task_run(data); }

/* An Error with Node's usual fields for a failed file write: code (ENOENT…), errno, syscall, path. */
static napi_value write_error(napi_env env, const struct encode_task *task) {
  int uv_code = uv_translate_sys_error(task->write_error);
  char message[1024];
  snprintf(message, sizeof message, "%s: %s, open '%s'", uv_err_name(uv_code), uv_strerror(uv_code),
           task->path);
  napi_value code, text, error, number, syscall, path;
  napi_create_string_utf8(env, uv_err_name(uv_code), NAPI_AUTO_LENGTH, &code);
  napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &text);
  napi_create_error(env, code, text, &error);
  napi_create_int32(env, uv_code, &number);
  napi_set_named_property(env, error, "errno", number);
  napi_create_string_utf8(env, "open", NAPI_AUTO_LENGTH, &syscall);
  napi_set_named_property(env, error, "syscall", syscall);
  napi_create_string_utf8(env, task->path, NAPI_AUTO_LENGTH, &path);
  napi_set_named_property(env, error, "path", path);
  return error;
}

static void finish_encode(napi_env env, napi_status status, void *data) {
  struct encode_task *task = data;
  napi_value result = NULL;
  int ok = 0;
  if (status != napi_ok) {
    napi_value text;
    napi_create_string_utf8(env, "PNG encode was cancelled", NAPI_AUTO_LENGTH, &text);
    napi_create_error(env, NULL, text, &result);
  } else if (task->status != PNG_ENCODE_OK) {
    napi_value text;
    char message[128];
    snprintf(message, sizeof message, "Cannot encode PNG: %s", png_encode_status_text(task->status));
    napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &text);
    napi_create_error(env, NULL, text, &result);
  } else if (task->write_error != 0) {
    result = write_error(env, task);
  } else if (task->path != NULL) {
    ok = napi_create_double(env, (double)task->file.size, &result) == napi_ok;
  } else {
    void *copy;
    ok = napi_create_buffer_copy(env, task->file.size, task->file.data, &copy, &result) == napi_ok;
  }
  if (ok)
    napi_resolve_deferred(env, task->deferred, result);
  else {
    if (result == NULL) {
      napi_value text;
      napi_create_string_utf8(env, "Cannot return the encoded PNG", NAPI_AUTO_LENGTH, &text);
      napi_create_error(env, NULL, text, &result);
    }
    napi_reject_deferred(env, task->deferred, result);
  }
  napi_delete_reference(env, task->pixels_ref);
  napi_delete_async_work(env, task->work);
  free(task->file.data);
  free(task->path);
  free(task);
}

static uint32_t dimension(napi_env env, napi_value value, const char *name, int *valid) {
  double number = 0;
  if (napi_get_value_double(env, value, &number) != napi_ok || number < 1 || number > 1 << 30 ||
      number != (double)(uint32_t)number) {
    char message[96];
    snprintf(message, sizeof message, "%s must be a whole number of pixels from 1", name);
    napi_throw_range_error(env, NULL, message);
    *valid = 0;
    return 0;
  }
  return (uint32_t)number;
}

/* Reads the arguments shared by every call into a new task (NULL, with a JavaScript error thrown,
 * when one is wrong): pixels, width, height, channels, dropAlpha, level, recheckLevel,
 * recheckBelow[, path], and for the sync calls an optional `overwrite` last (true: the pixels may
 * be overwritten). `pixels_value` receives the pixels' typed array. */
static struct encode_task *read_task(napi_env env, napi_callback_info info, int to_file, int sync,
                                     napi_value *pixels_value) {
  size_t argc = 10;
  napi_value args[10];
  CHECK(env, napi_get_cb_info(env, info, &argc, args, NULL, NULL));
  if (argc < (size_t)(to_file ? 9 : 8)) {
    napi_throw_type_error(env, NULL, "Missing arguments");
    return NULL;
  }
  bool is_typed_array = false;
  napi_is_typedarray(env, args[0], &is_typed_array);
  napi_typedarray_type type;
  size_t length = 0;
  void *pixels = NULL;
  napi_value buffer = NULL;
  size_t byte_offset = 0;
  if (is_typed_array)
    CHECK(env, napi_get_typedarray_info(env, args[0], &type, &length, &pixels, &buffer, &byte_offset));
  if (!is_typed_array || (type != napi_uint8_array && type != napi_uint8_clamped_array)) {
    napi_throw_type_error(env, NULL, "pixels must be a Uint8Array");
    return NULL;
  }
  int valid = 1;
  uint32_t width = dimension(env, args[1], "width", &valid);
  if (!valid) return NULL;
  uint32_t height = dimension(env, args[2], "height", &valid);
  if (!valid) return NULL;
  int32_t channels = 0, level = 0, recheck_level = 0;
  double recheck_below = 0;
  bool drop_alpha = false;
  CHECK(env, napi_get_value_int32(env, args[3], &channels));
  CHECK(env, napi_get_value_bool(env, args[4], &drop_alpha));
  CHECK(env, napi_get_value_int32(env, args[5], &level));
  CHECK(env, napi_get_value_int32(env, args[6], &recheck_level));
  CHECK(env, napi_get_value_double(env, args[7], &recheck_below));
  if (channels != 3 && channels != 4) {
    napi_throw_range_error(env, NULL, "channels must be 3 or 4");
    return NULL;
  }
  if (level < 1 || level > 12 || recheck_level < 0 || recheck_level > 12) {
    napi_throw_range_error(env, NULL, "levels must be from 1 to 12 (recheck level 0 for none)");
    return NULL;
  }
  if (!(recheck_below >= 0 && recheck_below <= 1)) {
    napi_throw_range_error(env, NULL, "recheckBelow must be a share from 0 to 1");
    return NULL;
  }
  if ((double)length != (double)width * (double)height * (double)channels) {
    char message[160];
    snprintf(message, sizeof message, "%zu bytes are not %d-channel pixels of %u×%u", length, channels,
             width, height);
    napi_throw_range_error(env, NULL, message);
    return NULL;
  }
  char *path = NULL;
  if (to_file) {
    size_t path_length = 0;
    if (napi_get_value_string_utf8(env, args[8], NULL, 0, &path_length) != napi_ok) {
      napi_throw_type_error(env, NULL, "path must be a string");
      return NULL;
    }
    path = malloc(path_length + 1);
    if (path == NULL) {
      napi_throw_error(env, NULL, "Out of memory");
      return NULL;
    }
    napi_get_value_string_utf8(env, args[8], path, path_length + 1, &path_length);
  }

  /* The pixels may be overwritten, up to the end of their buffer (a SharedArrayBuffer, whose length
   * Node-API does not tell, only up to their own end). */
  const size_t overwrite_at = to_file ? 9 : 8;
  bool overwrite = false;
  if (sync && argc > overwrite_at) napi_get_value_bool(env, args[overwrite_at], &overwrite);
  size_t capacity = length;
  if (overwrite) {
    void *data = NULL;
    size_t buffer_length = 0;
    if (napi_get_arraybuffer_info(env, buffer, &data, &buffer_length) == napi_ok &&
        buffer_length >= byte_offset + length)
      capacity = buffer_length - byte_offset;
  }

  struct encode_task *task = calloc(1, sizeof *task);
  if (task == NULL) {
    free(path);
    napi_throw_error(env, NULL, "Out of memory");
    return NULL;
  }
  task->pixels = pixels;
  task->writable = overwrite ? pixels : NULL;
  task->capacity = overwrite ? capacity : 0;
  task->width = width;
  task->height = height;
  task->channels = channels;
  task->drop_alpha = channels == 4 && drop_alpha;
  task->effort.level = level;
  task->effort.recheck_level = recheck_level;
  task->effort.recheck_below = recheck_below;
  task->path = path;
  *pixels_value = args[0];
  return task;
}

static void free_task(struct encode_task *task) {
  free(task->file.data);
  free(task->path);
  free(task);
}

/* encode(…[, path]) → Promise<Buffer | number>, encoded on libuv's pool. */
static napi_value start_encode(napi_env env, napi_callback_info info, int to_file) {
  napi_value pixels;
  struct encode_task *task = read_task(env, info, to_file, 0, &pixels);
  if (task == NULL) return NULL;
  napi_value promise, name;
  if (napi_create_promise(env, &task->deferred, &promise) != napi_ok ||
      napi_create_reference(env, pixels, 1, &task->pixels_ref) != napi_ok) {
    free_task(task);
    napi_throw_error(env, NULL, "Cannot start the PNG encode");
    return NULL;
  }
  CHECK(env, napi_create_string_utf8(env, "LayerloomPngEncode", NAPI_AUTO_LENGTH, &name));
  CHECK(env, napi_create_async_work(env, NULL, name, run_encode, finish_encode, task, &task->work));
  CHECK(env, napi_queue_async_work(env, task->work));
  return promise;
}

/* encodeSync(…[, path]) → Buffer | number, encoded on the calling thread (a render worker's). */
static napi_value encode_now(napi_env env, napi_callback_info info, int to_file) {
  napi_value pixels, result = NULL;
  struct encode_task *task = read_task(env, info, to_file, 1, &pixels);
  if (task == NULL) return NULL;
  encode_task_run(task);
  if (task->status != PNG_ENCODE_OK) {
    char message[128];
    snprintf(message, sizeof message, "Cannot encode PNG: %s", png_encode_status_text(task->status));
    napi_throw_error(env, NULL, message);
  } else if (task->write_error != 0) {
    napi_throw(env, write_error(env, task));
  } else if (task->path != NULL) {
    if (napi_create_double(env, (double)task->file.size, &result) != napi_ok) result = NULL;
  } else {
    void *copy;
    if (napi_create_buffer_copy(env, task->file.size, task->file.data, &copy, &result) != napi_ok) {
      result = NULL;
      napi_throw_error(env, NULL, "Cannot return the encoded PNG");
    }
  }
  free_task(task);
  return result;
}

static napi_value encode(napi_env env, napi_callback_info info) { return start_encode(env, info, 0); }

static napi_value encode_to_file(napi_env env, napi_callback_info info) {
  return start_encode(env, info, 1);
}

static napi_value encode_sync(napi_env env, napi_callback_info info) { return encode_now(env, info, 0); }

static napi_value encode_to_file_sync(napi_env env, napi_callback_info info) {
  return encode_now(env, info, 1);
}

/* Runs on the thread of the environment going away: a worker thread's compressors are freed with
 * it instead of leaking (a long-lived process starts render workers for every job). */
static void release_thread(void *arg) { png_encode_release_thread(); }

NAPI_MODULE_INIT() {
  /* LAYERLOOM_PNG_SIMD=off filters without AVX2 (the same bytes, more slowly): for tests. */
  const char *simd = getenv("LAYERLOOM_PNG_SIMD");
  png_filter_allow_simd(simd == NULL || strcmp(simd, "off") != 0);
  napi_property_descriptor properties[] = {
      {"encode", NULL, encode, NULL, NULL, NULL, napi_enumerable, NULL},
      {"encodeToFile", NULL, encode_to_file, NULL, NULL, NULL, napi_enumerable, NULL},
      {"encodeSync", NULL, encode_sync, NULL, NULL, NULL, napi_enumerable, NULL},
      {"encodeToFileSync", NULL, encode_to_file_sync, NULL, NULL, NULL, napi_enumerable, NULL},
  };
  if (napi_define_properties(env, exports, 4, properties) != napi_ok) return NULL;
  if (napi_add_env_cleanup_hook(env, release_thread, NULL) != napi_ok) return NULL;
  return exports;
}
