{
  "targets": [
    {
      "target_name": "layerloom_png",
      "sources": [
        "native/png/binding.c",
        "native/png/png-encode.c",
        "native/png/png-filter.c",
        "native/libdeflate/lib/adler32.c",
        "native/libdeflate/lib/crc32.c",
        "native/libdeflate/lib/deflate_compress.c",
        "native/libdeflate/lib/utils.c",
        "native/libdeflate/lib/zlib_compress.c",
        "native/libdeflate/lib/x86/cpu_features.c",
        "native/libdeflate/lib/arm/cpu_features.c"
      ],
      "include_dirs": ["native/libdeflate"],
      "defines": ["NAPI_VERSION=8", "LIBDEFLATE_STATIC"],
      "cflags_c": ["-std=gnu11", "-O3", "-fvisibility=hidden", "-Wno-unused-parameter", "-Wno-sign-compare"],
      "xcode_settings": {
        "GCC_OPTIMIZATION_LEVEL": "3",
        "OTHER_CFLAGS": ["-std=gnu11"]
      },
      "msvs_settings": {
        "VCCLCompilerTool": { "Optimization": 2 }
      }
    }
  ]
}
